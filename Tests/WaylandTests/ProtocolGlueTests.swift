import Glibc
import Testing
import VitrineTestSupport

/// The committed C glue (Sources/CWayland) is what wayland-scanner makes from this
/// machine's wayland-protocols: generate.sh run again into a scratch folder changes
/// nothing.
@Suite struct ProtocolGlueTests {
    static let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    static let glue = "/" + root + "/Sources/CWayland"

    @Test(.enabled(if: access("/usr/bin/wayland-scanner", X_OK) == 0, "wayland-scanner (libwayland-bin) is not installed"))
    func regeneratingChangesNothing() throws {
        let scratch = "/tmp/vitrine-glue-\(getpid())"
        _ = try ChildProcess.run(["/bin/rm", "-rf", scratch])
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", scratch]) }
        let made = try ChildProcess.run(["/bin/sh", Self.glue + "/generate.sh", scratch])
        #expect(made.status == 0, "generate.sh: \(made.stderr)")
        for file in [
            "xdg-shell-protocol.c", "presentation-time-protocol.c", "include/xdg-shell-client-protocol.h",
            "include/presentation-time-client-protocol.h",
        ] {
            let diff = try ChildProcess.run(["/usr/bin/cmp", scratch + "/" + file, Self.glue + "/" + file])
            #expect(diff.status == 0, "\(file) differs from what wayland-scanner makes now: \(diff.stdout)")
        }
    }

    /// The same for the fake compositor's server side of xdg-shell (Tests/WaylandFake).
    @Test(.enabled(if: access("/usr/bin/wayland-scanner", X_OK) == 0, "wayland-scanner (libwayland-bin) is not installed"))
    func theFakeCompositorsGlueIsCurrent() throws {
        let fake = "/" + Self.root + "/Tests/WaylandFake"
        let scratch = "/tmp/vitrine-fake-glue-\(getpid())"
        _ = try ChildProcess.run(["/bin/rm", "-rf", scratch])
        defer { _ = try? ChildProcess.run(["/bin/rm", "-rf", scratch]) }
        let made = try ChildProcess.run(["/bin/sh", fake + "/generate.sh", scratch])
        #expect(made.status == 0, "generate.sh: \(made.stderr)")
        for file in ["xdg-shell-protocol.c", "include/xdg-shell-server-protocol.h"] {
            let diff = try ChildProcess.run(["/usr/bin/cmp", scratch + "/" + file, fake + "/" + file])
            #expect(diff.status == 0, "\(file) differs from what wayland-scanner makes now: \(diff.stdout)")
        }
    }
}
