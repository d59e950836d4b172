import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `vitrine run` with `rotation.source = "iio"` on a tree of files standing in for sysfs
/// (`VITRINE_IIO_ROOT`): the real binary samples the "accelerometer", turns when the
/// panel is turned, says so in `status`, and keeps its orientation when the sensor goes.
@Suite(.serialized) struct KioskRotationProcessTests {
    let vitrine = ChildProcess.vitrineBinary()

    @Test func anAccelerometerTurnsTheRunningKiosk() throws {
        let tree = try AccelerometerTree()
        defer { tree.remove() }
        let dir = "/tmp/vitrine-iio-\(getpid())"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", dir])
        mkdir(dir, 0o755)
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        tree.write("name", "lis3dh\n")
        tree.pose(x: 0, y: -1024, z: 0)  // upright
        let board = dir + "/board.toml"
        let fd = open(board, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = """
            name = "Headless with an accelerometer"
            [display]
            backend = "headless"
            size = "320x192"
            [rotation]
            source = "iio"
            iio_device = "lis3dh"

            """.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
        let env = ChildProcess.inheritedEnvironment().filter { !$0.hasPrefix("NOTIFY_SOCKET=") }
            + ["VITRINE_IIO_ROOT=\(tree.root)"]
        let kiosk = try ChildProcess([vitrine, "run", "--board", board, "--control", dir + "/control"], environment: env)
        defer {
            kiosk.signal(SIGTERM)
            _ = kiosk.wait(timeout: 20)
        }
        func status() throws -> [String: String] {
            var out: [String: String] = [:]
            let r = try ChildProcess.run([vitrine, "ctl", "status", "--socket", dir + "/control"])
            for line in r.stdout.split(separator: "\n") {
                let kv = line.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
            }
            return out
        }
        func waitFor(_ what: ([String: String]) -> Bool) throws -> [String: String] {
            let by = ChildProcess.now + 30  // a hang bound
            var s = try status()
            while !what(s) && ChildProcess.now < by {
                usleep(100_000)
                s = try status()
            }
            return s
        }
        var s = try waitFor { $0["screen"] == "home" && $0["animating"] == "false" }
        #expect(s["rotation"] == "0" && s["rotation_source"] == "iio", "\(s) \(kiosk.standardError)")
        // Turned a quarter clockwise: the left edge up, gravity along +x.
        tree.pose(x: 1024, y: 0, z: 0)
        s = try waitFor { $0["rotation"] == "90" && $0["animating"] == "false" }
        #expect(s["rotation"] == "90" && s["logical"] == "192x320" && s["screen"] == "home", "\(s)")
        // Overridden, then back to the sensor.
        #expect(try ChildProcess.run([vitrine, "ctl", "rotate", "180", "--socket", dir + "/control"]).status == 0)
        s = try status()
        #expect(s["rotation"] == "180" && s["rotation_source"] == "control (override of iio)")
        #expect(try ChildProcess.run([vitrine, "ctl", "rotate", "auto", "--socket", dir + "/control"]).status == 0)
        #expect(try status()["rotation"] == "90")
        // The sensor goes away: 90 stays, one warning names it (waited for: a hang bound).
        tree.unplug()
        let by = ChildProcess.now + 30
        while !kiosk.standardError.contains("the device is gone") && ChildProcess.now < by { usleep(100_000) }
        usleep(300_000)  // a few more samples: still one warning
        s = try status()
        #expect(s["rotation"] == "90" && s["state"] == "running")
        let log = kiosk.standardError
        #expect(log.contains("rotation: accelerometer iio:device0 (lis3dh)"), "\(log)")
        #expect(log.components(separatedBy: "the device is gone").count == 2, "one warning: \(log)")
    }
}
