import Glibc
import LinuxSystem
import Testing

/// `RegularFile.read`: a regular file whole, and everything else refused without being
/// read (a FIFO without being opened: the test would wait forever if it were).
struct RegularFileTests {
    @Test func readsARegularFileWhole() throws {
        let scratch = Scratch()
        let bytes = (0..<10_000).map { UInt8($0 % 251) }
        let file = scratch.write("data", bytes)
        #expect(try RegularFile.read(path: file) == bytes)
        #expect(try RegularFile.read(path: file, limit: bytes.count) == bytes)
        #expect(try RegularFile.read(path: scratch.write("empty", [])) == [])
    }

    @Test func refusesAFIFOWithoutWaiting() throws {
        let scratch = Scratch()
        let fifo = scratch.path + "/fifo"
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(throws: RegularFileError.notRegularFile(.fifo)) { try RegularFile.read(path: fifo) }
        #expect(throws: RegularFileError.notRegularFile(.fifo)) { try RegularFile.open(path: fifo) }
    }

    @Test func refusesADirectoryAndADevice() {
        let scratch = Scratch()
        #expect(throws: RegularFileError.notRegularFile(.directory)) { try RegularFile.read(path: scratch.path) }
        #expect(throws: RegularFileError.notRegularFile(.characterDevice)) { try RegularFile.read(path: "/dev/null") }
        #expect(FileKind.characterDevice.description == "a character device")
    }

    @Test func refusesAFileOverTheLimit() {
        let scratch = Scratch()
        let file = scratch.write("big", [UInt8](repeating: 7, count: 100))
        #expect(throws: RegularFileError.tooLarge(bytes: 100, limit: 99)) { try RegularFile.read(path: file, limit: 99) }
    }

    /// procfs files say their size is 0: read on past it, up to one byte over the limit.
    @Test func catchesAProcfsFileOverTheLimit() throws {
        let whole = try RegularFile.read(path: "/proc/self/status")
        #expect(whole.count > 10)
        #expect(throws: RegularFileError.tooLarge(bytes: 11, limit: 10)) {
            try RegularFile.read(path: "/proc/self/status", limit: 10)
        }
    }

    @Test func aMissingFileIsNotFound() {
        let scratch = Scratch()
        #expect(throws: RegularFileError.notFound) { try RegularFile.read(path: scratch.path + "/none") }
        #expect(RegularFileError.notFound.errno == ENOENT)
        #expect(FileStatus(path: scratch.path + "/none") == nil)
    }

    @Test func openGivesTheFilesIdentity() throws {
        let scratch = Scratch()
        let file = scratch.write("data", [1, 2, 3])
        let (fd, status) = try RegularFile.open(path: file)
        defer { close(fd) }
        #expect(status.size == 3)
        let again = try #require(FileStatus(path: file))
        #expect(again.device == status.device && again.inode == status.inode)
    }
}
