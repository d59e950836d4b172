import ConfigFile
import Display
import Glibc
import Logging
import Testing
import VitrineTestSupport

@testable import Runtime

/// The control socket never replaces another file: only a stale socket is replaced; a
/// regular file, a directory, a symbolic link, a FIFO or a device at the path is refused
/// with an error naming the path and what is there, and left exactly as it was. The kiosk
/// then stops: exit 64 when the path came from --control, else 1.
@Suite struct ControlSocketFileTests {
    /// A fresh folder for one test.
    func folder(_ name: String) -> String {
        let path = "/tmp/vitrine-ctlfile-\(getpid())-\(name)"
        _ = try? FileTree.remove(path)
        mkdir(path, 0o755)
        return path
    }

    /// What lstat says about `path`: enough to tell it was not touched.
    struct Snapshot: Equatable {
        var device: UInt64
        var inode: UInt64
        var mode: UInt32
        var size: Int64
        var modified: Int
        var modifiedNanoseconds: Int
        init?(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            mode = UInt32(info.st_mode)
            size = Int64(info.st_size)
            modified = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    /// Expects `ControlServer(path:)` to refuse `path` as `found`, with the message word
    /// for word, and `path` to be as it was.
    func expectRefused(_ path: String, found: String, content: String? = nil) {
        let before = Snapshot(path)
        #expect(before != nil)
        #expect(throws: ControlSocketError.notASocket(path: path, found: found)) { try ControlServer(path: path) }
        #expect(
            ControlSocketError.notASocket(path: path, found: found).description
                == "control socket: \(path) exists and is a \(found), not a socket: not replacing it")
        #expect(Snapshot(path) == before, "\(path) was changed")
        if let content { #expect(FileTree.read(path) == content) }
    }

    @Test func aRegularFileIsRefusedAndKept() {
        let dir = folder("file")
        FileTree.write(dir + "/control", "someone's notes\n")
        expectRefused(dir + "/control", found: "regular file", content: "someone's notes\n")
        // An empty one too (what `touch` leaves).
        FileTree.write(dir + "/empty", "")
        expectRefused(dir + "/empty", found: "regular file", content: "")
    }

    @Test func aDirectoryIsRefusedAndKept() {
        let dir = folder("dir")
        mkdir(dir + "/control", 0o755)
        FileTree.write(dir + "/control/inside", "x")
        expectRefused(dir + "/control", found: "directory")
        #expect(FileTree.read(dir + "/control/inside") == "x")
    }

    @Test func aSymbolicLinkIsRefusedAndKeptWhereverItPoints() throws {
        let dir = folder("link")
        FileTree.write(dir + "/target", "target\n")
        #expect(symlink(dir + "/target", dir + "/control") == 0)
        expectRefused(dir + "/control", found: "symbolic link")
        #expect(FileTree.read(dir + "/target") == "target\n")
        // Dangling, or pointing at a live socket: still not ours to replace.
        #expect(symlink(dir + "/nowhere", dir + "/dangling") == 0)
        expectRefused(dir + "/dangling", found: "symbolic link")
        let live = try ControlServer(path: dir + "/live")
        #expect(symlink(live.path, dir + "/tolive") == 0)
        expectRefused(dir + "/tolive", found: "symbolic link")
    }

    @Test func aFIFOIsRefusedAndKept() {
        let dir = folder("fifo")
        #expect(mkfifo(dir + "/control", 0o600) == 0)
        expectRefused(dir + "/control", found: "FIFO")
    }

    @Test func devicesAreRefusedAndKept() {
        // Tests never need root, so no mknod: the system's own device files.
        expectRefused("/dev/null", found: "character device")
        for path in ["/dev/loop0", "/dev/vda", "/dev/sda", "/dev/mmcblk0", "/dev/nvme0n1"] {
            var info = stat()
            guard lstat(path, &info) == 0, UInt32(info.st_mode) & 0o170000 == 0o060000 else { continue }
            expectRefused(path, found: "block device")
            break
        }
    }

    @Test func aStaleSocketIsReplacedAndALiveOneIsBusy() throws {
        let dir = folder("sockets")
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try UnixAddress(path: dir + "/control").withSockaddr { #expect(bind(stale, $0, $1) == 0) }
        close(stale)
        let server = try ControlServer(path: dir + "/control")
        #expect(Snapshot(dir + "/control").map { $0.mode & 0o170000 } == 0o140000)
        #expect(throws: ControlSocketError.busy(path: dir + "/control")) { try ControlServer(path: dir + "/control") }
        _ = server
    }

    @Test func onExitOnlyOurOwnSocketIsRemoved() throws {
        let dir = folder("exit")
        var server: ControlServer? = try ControlServer(path: dir + "/control")
        // Someone replaced the socket with a file of theirs while the kiosk ran.
        unlink(dir + "/control")
        FileTree.write(dir + "/control", "theirs\n")
        server = nil
        #expect(FileTree.read(dir + "/control") == "theirs\n")
        // Our own socket is removed.
        server = try ControlServer(path: dir + "/other")
        server = nil
        #expect(access(dir + "/other", F_OK) != 0)
        _ = server
    }

    func kiosk(control path: String, fromCommandLine: Bool) throws -> Kiosk {
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.controlPath = path
        settings.controlPathFromCommandLine = fromCommandLine
        settings.paintThreads = 0
        return try Kiosk(
            settings: settings, display: HeadlessDisplay(width: 64, height: 48), signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in TestProgram() }, textRasterizer: nil, notify: { _ in },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    @Test func theKioskStopsOnAFileThatIsNotASocket() throws {
        let dir = folder("kiosk")
        FileTree.write(dir + "/control", "keep me\n")
        let message = "control socket: \(dir)/control exists and is a regular file, not a socket: not replacing it"
        do {
            _ = try kiosk(control: dir + "/control", fromCommandLine: true)
            Issue.record("the kiosk started on a regular file")
        } catch let error as KioskError {
            #expect(error.exitStatus == .usage)
            #expect(error.description == message)
        }
        do {
            _ = try kiosk(control: dir + "/control", fromCommandLine: false)
            Issue.record("the kiosk started on a regular file")
        } catch let error as KioskError {
            #expect(error.exitStatus == .failure)
            #expect(error.description == message)
        }
        #expect(FileTree.read(dir + "/control") == "keep me\n")
    }

    /// A path given with `--control` where no socket can be made (its folder missing) is
    /// a bad command line naming the path and errno, not a kiosk that runs unreachable;
    /// the default path only warns. An empty path is refused as empty, not as "File name
    /// too long".
    @Test func aControlPathThatCannotBeBoundIsAnError() throws {
        let dir = folder("unbound")
        let path = dir + "/missing/control"
        do {
            _ = try kiosk(control: path, fromCommandLine: true)
            Issue.record("the kiosk started without its control socket")
        } catch let error as KioskError {
            #expect(error.exitStatus == .usage)
            #expect(error.description == "control socket: bind \(path): No such file or directory (ENOENT)")
        }
        let quiet = try kiosk(control: path, fromCommandLine: false)
        #expect(quiet.control == nil)
        #expect(throws: ControlSocketError.emptyPath) { try ControlServer(path: "") }
        #expect(ControlSocketError.emptyPath.description == "control socket: the path is empty")
        do {
            _ = try kiosk(control: "", fromCommandLine: true)
            Issue.record("the kiosk started on an empty control path")
        } catch let error as KioskError {
            #expect(error.exitStatus == .usage)
            #expect(error.description == "control socket: the path is empty")
        }
    }
}

/// Whole files, for the tests above (no Foundation).
enum FileTree {
    static func write(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    static func read(_ path: String) -> String { ChildProcess.read(path) }

    /// `rm -rf path`, by hand.
    static func remove(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if UInt32(info.st_mode) & 0o170000 == 0o040000 {
            if let dir = opendir(path) {
                var names: [String] = []
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name != "." && name != ".." { names.append(name) }
                }
                closedir(dir)
                for n in names { try remove(path + "/" + n) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
