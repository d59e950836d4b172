import LinuxSystem
import Glibc
import Raster
import Testing
import VitrineTestSupport

@testable import Assets

/// Only regular files are read. A FIFO, a directory or a device named where a picture or
/// a font should be is refused at once, by what it is, and never waited on (a FIFO's
/// `open` without O_NONBLOCK waits for a writer, forever).
@Suite("Reading what is not a regular file")
struct SpecialFileReadTests {
    /// A FIFO in `dir`, with the watchdog that turns a blocked open into a failure.
    func fifo(_ dir: TempDirectory, _ name: String) -> String {
        let path = dir.file(name)
        #expect(mkfifo(path, 0o644) == 0)
        FIFOWatchdog.start(fifo: path)
        return path
    }

    @Test func readAllRefusesAFIFO() {
        let dir = TempDirectory()
        let path = fifo(dir, "picture.png")
        #expect(throws: ImageError.notRegularFile(path: path, kind: .fifo)) { try FileIO.readAll(path: path) }
        #expect(
            Fixtures.message { try FileIO.readAll(path: path) } == "\(path): cannot read: a FIFO, not a regular file")
    }

    @Test func readAllRefusesADirectory() {
        let dir = TempDirectory()
        #expect(throws: ImageError.notRegularFile(path: dir.path, kind: .directory)) {
            try FileIO.readAll(path: dir.path)
        }
    }

    /// /dev/null would read as empty, /dev/zero forever: both are refused unread.
    @Test func readAllRefusesCharacterDevices() {
        for device in ["/dev/null", "/dev/zero"] {
            #expect(throws: ImageError.notRegularFile(path: device, kind: .characterDevice)) {
                try FileIO.readAll(path: device)
            }
        }
        #expect(
            Fixtures.message { try FileIO.readAll(path: "/dev/null") }
                == "/dev/null: cannot read: a character device, not a regular file")
    }

    @Test func readAllRefusesASocket() throws {
        let dir = TempDirectory()
        let path = dir.file("picture.png")
        let fd = try boundSocket(path)
        defer { close(fd) }
        #expect(throws: ImageError.notRegularFile(path: path, kind: .socket)) { try FileIO.readAll(path: path) }
    }

    /// A link is followed: to a file, the file is read; to a FIFO, the FIFO is refused.
    @Test func linksAreFollowed() throws {
        let dir = TempDirectory()
        try FileIO.writeAtomically([1, 2, 3], to: dir.file("real"))
        #expect(symlink(dir.file("real"), dir.file("link")) == 0)
        #expect(try FileIO.readAll(path: dir.file("link")) == [1, 2, 3])
        let pipe = fifo(dir, "pipe")
        #expect(symlink(pipe, dir.file("to-pipe")) == 0)
        #expect(throws: ImageError.notRegularFile(path: dir.file("to-pipe"), kind: .fifo)) {
            try FileIO.readAll(path: dir.file("to-pipe"))
        }
    }

    /// Every reader of a picture or a font goes through `readAll`.
    @Test func everyReaderRefusesAFIFO() {
        let dir = TempDirectory()
        let path = fifo(dir, "cover.jpg")
        let refused = ImageError.notRegularFile(path: path, kind: .fifo)
        #expect(throws: refused) { try Image.read(path: path) }
        #expect(throws: refused) { try PNG.read(path: path) }
        #expect(throws: refused) { try JPEG.read(path: path) }
        #expect(throws: FontError.notRegularFile(path: path, kind: .fifo)) { try TextEngine().font(path: path) }
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): cannot read font: a FIFO, not a regular file")
    }

    /// The image cache (a show's pictures): the placeholder and one warning naming the
    /// path and what it is, as for a missing file.
    @Test func theCacheGivesThePlaceholderAndOneWarning() {
        let dir = TempDirectory()
        let path = fifo(dir, "wall.jpg")
        let cache = ImageCache(budgetBytes: 10_000)
        let first = cache.image(at: path)
        #expect(first.isPlaceholder)
        #expect(first.newWarning?.description == "\(path): cannot read: a FIFO, not a regular file")
        #expect(cache.image(at: path).newWarning == nil)
        #expect(cache.image(at: "/dev/zero").newWarning?.description
            == "/dev/zero: cannot read: a character device, not a regular file")
    }

    @Test func kindsAreNamed() {
        let names: [(FileKind, String)] = [
            (.directory, "a directory"), (.characterDevice, "a character device"), (.blockDevice, "a block device"),
            (.fifo, "a FIFO"), (.socket, "a socket"), (.regular, "a regular file"),
            (.symbolicLink(to: .characterDevice), "a symbolic link to a character device"),
            (.symbolicLink(to: nil), "a symbolic link to nothing"),
            (.unknown(mode: 0o170000), "a file of unknown type (mode 0o170000)"),
        ]
        for (kind, name) in names { #expect(kind.description == name) }
        #expect(FileKind(mode: S_IFIFO | 0o644) == .fifo)
        #expect(FileKind(mode: S_IFLNK | 0o777) == .symbolicLink(to: nil))
        #expect(FileKind(mode: S_IFBLK) == .blockDevice)
    }
}

/// A Unix socket bound at `path` (a socket file in the file system); the caller closes it.
func boundSocket(_ path: String) throws -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, b) in bytes.enumerated() { raw[i] = b }
    }
    let r = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    try #require(r == 0)
    return fd
}
