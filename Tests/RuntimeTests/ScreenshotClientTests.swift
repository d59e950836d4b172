import Assets
import Glibc
import LinuxSystem
import Testing
import VitrineTestSupport

@testable import Runtime

/// `vitrine ctl screenshot FILE`'s client (`ControlClient.screenshot`): a FILE it will not
/// replace is refused before any kiosk is asked, and nothing is made; the kiosk's bytes
/// land at FILE only on "ok", and on an error reply or none FILE stays as it was and no
/// temporary file is left. The kiosk here is a server of the test's own.
@Suite(.serialized) struct ScreenshotClientTests {
    typealias Background = ControlFloodTests.Background

    /// A fresh empty folder for one test.
    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-shotclient-\(getpid())-\(name)"
        _ = try? ChildProcess.run(["/bin/rm", "-rf", path])
        mkdir(path, 0o755)
        return path
    }

    /// The names in `dir`, sorted.
    static func names(_ dir: String) -> [String] {
        ((try? directoryEntries(dir)) ?? []).sorted()
    }

    /// Runs the client on a thread while this one answers with `reply` (writing `bytes`
    /// into the file that came with the line first), as the kiosk's loop would.
    func screenshot(_ file: String, server: ControlServer, bytes: [UInt8], reply: [String]) throws -> [String] {
        nonisolated(unsafe) var result: Result<[String], ScreenshotClientError>?
        let path = server.path
        let client = Background {
            do throws(ScreenshotClientError) {
                result = .success(try ControlClient.screenshot(to: file, socket: path, timeout: 20))
            } catch {
                result = .failure(error)
            }
        }
        let deadline = MonotonicClock.now() + 20  // a hang bound
        while !client.finished && MonotonicClock.now() < deadline {
            server.service(now: MonotonicClock.now()) { _, attachment in
                if case .one(let fd) = attachment {
                    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                }
                return reply
            }
            usleep(1000)
        }
        client.join()
        return try #require(result).get()
    }

    @Test func aPathItWillNotReplaceIsRefusedBeforeAnyKioskIsAsked() throws {
        let dir = folder("refused")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        mkdir(dir + "/sub", 0o755)
        mkfifo(dir + "/fifo", 0o644)
        symlink("/dev/null", dir + "/to-null")
        let before = Self.names(dir)
        // No socket at all: a refusal of the file comes first.
        let socket = dir + "/no-kiosk"
        let cases: [(String, FileKind)] = [
            (dir + "/sub", .directory), (dir + "/fifo", .fifo), ("/dev/null", .characterDevice),
            (dir + "/to-null", .symbolicLink(to: .characterDevice)),
        ]
        for (path, kind) in cases {
            #expect(throws: ScreenshotClientError.file(.notReplaceable(path: path, kind: kind))) {
                try ControlClient.screenshot(to: path, socket: socket)
            }
        }
        #expect(Self.names(dir) == before, "nothing made")
        #expect(Self.names("/dev").contains("null"))
        let refusal = ScreenshotClientError.file(.notReplaceable(path: dir + "/fifo", kind: .fifo))
        #expect(refusal.description == "\(dir)/fifo: not replacing a FIFO (only a regular file is replaced)")
        #expect(refusal.exitStatus == .failure)
        // A file it would make, with no kiosk: 69, and the temporary file gone.
        #expect(throws: ScreenshotClientError.self) { try ControlClient.screenshot(to: dir + "/new.png", socket: socket) }
        do {
            _ = try ControlClient.screenshot(to: dir + "/new.png", socket: socket)
        } catch {
            #expect(error.exitStatus == .unavailable)
        }
        #expect(Self.names(dir) == before)
    }

    @Test func okPutsTheKiosksBytesAtTheFileAndAnErrorLeavesItAsItWas() throws {
        let dir = folder("reply")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let server = try ControlServer(path: dir + "/control")
        let file = dir + "/shot.png"
        try FileIO.writeAtomically(Array("old".utf8), to: file)

        let refused = try screenshot(file, server: server, bytes: Array("half".utf8), reply: ["error: no"])
        #expect(refused == ["error: no"])
        #expect(try FileIO.readAll(path: file) == Array("old".utf8))
        #expect(Self.names(dir) == ["control", "shot.png"])

        let taken = try screenshot(file, server: server, bytes: Array("picture".utf8), reply: ["ok 1x1"])
        #expect(taken == ["ok 1x1"])
        #expect(try FileIO.readAll(path: file) == Array("picture".utf8))
        #expect(Self.names(dir) == ["control", "shot.png"])
    }

    /// A kiosk that takes the line and never answers: no answer (75) after the timeout,
    /// the temporary file removed, the file as it was.
    @Test func noAnswerLeavesNothing() throws {
        let dir = folder("silent")
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", dir]) }
        let server = try ControlServer(path: dir + "/control")
        let file = dir + "/shot.png"
        // Never serviced: the connection waits in the listen backlog, unanswered.
        #expect(throws: ScreenshotClientError.control(.noAnswer(path: server.path, seconds: 0.2))) {
            try ControlClient.screenshot(to: file, socket: server.path, timeout: 0.2)
        }
        #expect(ScreenshotClientError.control(.noAnswer(path: server.path, seconds: 0.2)).exitStatus == .temporaryFailure)
        #expect(Self.names(dir) == ["control"])
    }
}
