import LinuxSystem
import Glibc
import Raster
import Testing
import VitrineTestSupport

@testable import Assets

/// An atomic write replaces only a regular file. Whatever else is at the path (a device,
/// a FIFO, a socket, a directory, a link to one of those) is refused by name and left
/// exactly as it was, and no temporary file is left beside it.
@Suite("Atomic writes replace only regular files")
struct AtomicWriteTests {
    /// `lstat` of `path`: its type bits, device number and inode.
    func identity(_ path: String) -> (type: mode_t, rdev: dev_t, inode: ino_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, info.st_rdev, info.st_ino)
    }

    /// Writes through every writer, expects each refused with `kind`, and `path`
    /// untouched, and nothing else in `dir` but `others`.
    func expectRefused(_ path: String, _ kind: FileKind, in dir: TempDirectory, others: [String]) throws {
        let before = try #require(identity(path))
        let message = "\(path): not replacing \(kind) (only a regular file is replaced)"
        #expect(throws: ImageError.notReplaceable(path: path, kind: kind)) {
            try FileIO.writeAtomically([1, 2, 3], to: path)
        }
        #expect(Fixtures.message { try FileIO.writeAtomically([1], to: path) } == message)
        let s = try Surface(width: 2, height: 2, format: .xrgb8888)
        #expect(throws: ImageError.notReplaceable(path: path, kind: kind)) { try PNG.write(s, to: path) }
        #expect(throws: ImageError.notReplaceable(path: path, kind: kind)) { try JPEG.write(s, to: path) }
        #expect(throws: ImageError.notReplaceable(path: path, kind: kind)) {
            _ = try APNGWriter(path: path, width: 2, height: 2, frameCount: 1, framesPerSecond: 10)
        }
        let after = try #require(identity(path))
        #expect(after.type == before.type && after.rdev == before.rdev && after.inode == before.inode)
        #expect(dir.entries == others.sorted())
    }

    @Test func aFIFOIsLeftAlone() throws {
        let dir = TempDirectory()
        let path = dir.file("out.png")
        #expect(mkfifo(path, 0o644) == 0)
        try expectRefused(path, .fifo, in: dir, others: ["out.png"])
    }

    @Test func aDirectoryIsLeftAlone() throws {
        let dir = TempDirectory()
        let path = dir.file("out.png")
        #expect(mkdir(path, 0o755) == 0)
        try FileIO.writeAtomically([7], to: path + "/inside")
        try expectRefused(path, .directory, in: dir, others: ["out.png"])
        #expect(TempDirectory.entries(path) == ["inside"])
    }

    @Test func aSocketIsLeftAlone() throws {
        let dir = TempDirectory()
        let path = dir.file("out.png")
        let fd = try boundSocket(path)
        defer { close(fd) }
        try expectRefused(path, .socket, in: dir, others: ["out.png"])
    }

    /// A character device: as root, a copy of /dev/null's node made in the scratch
    /// folder (so a regression could not destroy the real one); otherwise /dev/null
    /// itself, which a user could not replace anyway.
    @Test func aCharacterDeviceIsLeftAlone() throws {
        let dir = TempDirectory()
        if geteuid() == 0 {
            let path = dir.file("full")
            var null = stat()
            #expect(stat("/dev/null", &null) == 0)
            try #require(mknod(path, S_IFCHR | 0o666, null.st_rdev) == 0)
            try expectRefused(path, .characterDevice, in: dir, others: ["full"])
        } else {
            #expect(throws: ImageError.notReplaceable(path: "/dev/null", kind: .characterDevice)) {
                try FileIO.writeAtomically([1], to: "/dev/null")
            }
        }
    }

    /// A link to a regular file is followed: the file gets the bytes, the link stays a
    /// link, and the temporary file was made beside the file (then renamed away).
    @Test func aLinkToARegularFileReplacesTheFile() throws {
        let dir = TempDirectory()
        try #require(mkdir(dir.file("real"), 0o755) == 0)
        try FileIO.writeAtomically([1], to: dir.file("real/frame.png"))
        #expect(symlink("real/frame.png", dir.file("latest.png")) == 0)
        try FileIO.writeAtomically([4, 5, 6], to: dir.file("latest.png"))
        #expect(try FileIO.readAll(path: dir.file("real/frame.png")) == [4, 5, 6])
        #expect(identity(dir.file("latest.png"))?.type == S_IFLNK)
        #expect(dir.entries == ["latest.png", "real"])
        #expect(TempDirectory.entries(dir.file("real")) == ["frame.png"])
    }

    @Test func aLinkToSomethingElseIsRefused() throws {
        let dir = TempDirectory()
        #expect(mkfifo(dir.file("pipe"), 0o644) == 0)
        #expect(symlink(dir.file("pipe"), dir.file("to-pipe.png")) == 0)
        try expectRefused(dir.file("to-pipe.png"), .symbolicLink(to: .fifo), in: dir, others: ["pipe", "to-pipe.png"])
        #expect(identity(dir.file("pipe"))?.type == S_IFIFO)
        #expect(symlink("/dev/null", dir.file("to-null.png")) == 0)
        #expect(throws: ImageError.notReplaceable(path: dir.file("to-null.png"), kind: .symbolicLink(to: .characterDevice))) {
            try FileIO.writeAtomically([1], to: dir.file("to-null.png"))
        }
        #expect(
            Fixtures.message { try FileIO.writeAtomically([1], to: dir.file("to-null.png")) }
                == "\(dir.file("to-null.png")): not replacing a symbolic link to a character device (only a regular file is replaced)")
    }

    /// A dangling link is refused too: what it was meant to point at is not known to be ours.
    @Test func aDanglingLinkIsRefused() throws {
        let dir = TempDirectory()
        #expect(symlink(dir.file("nowhere/x.png"), dir.file("out.png")) == 0)
        try expectRefused(dir.file("out.png"), .symbolicLink(to: nil), in: dir, others: ["out.png"])
    }

    /// Something not ours at the temporary file's name (`path + ".tmp"`) is never opened
    /// or removed: the write goes through a unique name instead, and leaves nothing.
    @Test func aSpecialFileAtTheTemporaryNameIsLeftAlone() throws {
        let dir = TempDirectory()
        let path = dir.file("out.png")
        #expect(mkfifo(path + ".tmp", 0o644) == 0)
        FIFOWatchdog.start(fifo: path + ".tmp")
        try FileIO.writeAtomically([1, 2], to: path)
        #expect(try FileIO.readAll(path: path) == [1, 2])
        #expect(identity(path + ".tmp")?.type == S_IFIFO)
        #expect(dir.entries == ["out.png", "out.png.tmp"])

        // A link at the temporary name: neither it nor its target is written.
        let other = TempDirectory()
        try FileIO.writeAtomically([9], to: other.file("victim"))
        let second = other.file("b.png")
        #expect(symlink(other.file("victim"), second + ".tmp") == 0)
        try FileIO.writeAtomically([3], to: second)
        #expect(try FileIO.readAll(path: other.file("victim")) == [9])
        #expect(identity(second + ".tmp")?.type == S_IFLNK)
        #expect(try FileIO.readAll(path: second) == [3])
        #expect(other.entries == ["b.png", "b.png.tmp", "victim"])

        // The animated PNG writer too.
        let third = TempDirectory()
        let apng = third.file("animation.png")
        #expect(mkdir(apng + ".tmp", 0o755) == 0)
        var writer = try APNGWriter(path: apng, width: 2, height: 2, frameCount: 1, framesPerSecond: 10)
        try writer.append(try Surface(width: 2, height: 2, format: .xrgb8888))
        try writer.finish()
        #expect(third.entries == ["animation.png", "animation.png.tmp"])
        #expect(identity(apng + ".tmp")?.type == S_IFDIR)
    }

    /// A regular leftover at the temporary name (a writer killed mid-write) is removed.
    @Test func aStaleRegularTemporaryFileIsRemoved() throws {
        let dir = TempDirectory()
        let path = dir.file("out.png")
        try FileIO.writeAtomically([0, 0, 0], to: path + ".tmp")
        try FileIO.writeAtomically([1], to: path)
        #expect(dir.entries == ["out.png"])
    }

    /// An animation refused at the start leaves nothing; one whose path became a FIFO
    /// while it was written is refused at `finish` and leaves the FIFO.
    @Test func anAnimationChecksAgainAtTheEnd() throws {
        let dir = TempDirectory()
        let path = dir.file("animation.png")
        var writer = try APNGWriter(path: path, width: 2, height: 2, frameCount: 1, framesPerSecond: 10)
        try writer.append(try Surface(width: 2, height: 2, format: .xrgb8888))
        #expect(mkfifo(path, 0o644) == 0)
        do {
            try writer.finish()
            Issue.record("finished over a FIFO")
        } catch {
            #expect(error == .notReplaceable(path: path, kind: .fifo))
        }
        #expect(dir.entries == ["animation.png"])
        #expect(identity(path)?.type == S_IFIFO)
    }
}
