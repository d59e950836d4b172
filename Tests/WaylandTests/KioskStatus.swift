import Glibc
import Testing
import VitrineTestSupport

/// `vitrine ctl status` of a kiosk under test, read as `key=value` pairs, and waits on it
/// with a hang bound (60 s): what the compositor tests ask of the running kiosk.
struct KioskStatus {
    let vitrine: String
    let control: String

    func read() throws -> [String: String] {
        var out: [String: String] = [:]
        for line in try ChildProcess.run([vitrine, "ctl", "status", "--socket", control]).stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
        }
        return out
    }

    /// Waits until `check` holds; records an issue naming `what` when it never does.
    func wait(_ what: String, _ check: ([String: String]) -> Bool) throws -> [String: String] {
        let deadline = ChildProcess.now + 60
        var s: [String: String] = [:]
        while ChildProcess.now < deadline {
            s = try read()
            if check(s) { return s }
            usleep(50_000)
        }
        Issue.record("timed out waiting for \(what); last status \(s)")
        return s
    }
}
