import Glibc
import Raster
import Testing
import VitrineTestSupport

@testable import Assets

/// Bad input: writes onto a full or a read-only disk, on a real tmpfs of a few hundred
/// kilobytes (`ScratchMount`: a mount namespace of its own, no root). Every writer
/// (`FileIO.writeAtomically`, `PNG.write`, `JPEG.write`, `APNGWriter`) fails with
/// `writeFailed` naming the file and the errno (ENOSPC, EROFS); the file that was there
/// stays whole, a new one does not appear, and no temporary file is left.
@Suite(.enabled(if: ScratchMount.isAvailable)) struct FullDiskWriteTests {
    /// Writes a file named `filler` in `directory` until its file system is full.
    static func fill(_ directory: String) {
        let fd = open(directory + "/filler", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x5a, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// A picture of `width` x `height` whose pixels vary (so it does not compress away).
    static func noise(_ width: Int, _ height: Int) throws -> Surface {
        let s = try Surface(width: width, height: height, format: .xrgb8888)
        var x: UInt32 = 0x1234_5678
        for py in 0..<height {
            for px in 0..<width {
                x ^= x << 13
                x ^= x >> 17
                x ^= x << 5
                s[px, py] = 0xff00_0000 | (x & 0x00ff_ffff)
            }
        }
        return s
    }

    static func samePixels(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return false } }
        return true
    }

    @Test func aFullDiskIsENOSPCAndTheOldFileStaysWhole() throws {
        let disk = try ScratchMount(sizeKiB: 256)
        let path = disk.writable + "/state.txt"
        let old = Array("home\n".utf8)
        try FileIO.writeAtomically(old, to: path)
        Self.fill(disk.writable)
        let error = ImageError.writeFailed(path: path, errno: ENOSPC)
        #expect(throws: error) { try FileIO.writeAtomically([UInt8](repeating: 1, count: 100_000), to: path) }
        #expect(error.description == "\(path): cannot write: No space left on device (ENOSPC)")
        #expect(try FileIO.readAll(path: path) == old)
        // A new file does not appear at all.
        let new = disk.writable + "/new.txt"
        #expect(throws: ImageError.writeFailed(path: new, errno: ENOSPC)) {
            try FileIO.writeAtomically([UInt8](repeating: 2, count: 100_000), to: new)
        }
        #expect(TempDirectory.entries(disk.writable) == ["filler", "state.txt"])
    }

    /// Pictures and an animation on a disk that fills up as they are written: each
    /// writer fails naming its file, and only whole files are left.
    @Test func picturesAndAnimationsOnAFillingDisk() throws {
        let disk = try ScratchMount(sizeKiB: 128)
        let picture = try Self.noise(96, 96)  // 36 KiB of pixels, about as much as PNG
        var written: [String] = []
        var failure: ImageError?
        for i in 0..<20 {
            let path = disk.writable + "/p\(i).png"
            do {
                try PNG.write(picture, to: path)
                written.append("p\(i).png")
            } catch {
                failure = error
                #expect(error == .writeFailed(path: path, errno: ENOSPC))
                break
            }
        }
        #expect(failure != nil, "128 KiB took 20 pictures of 27 KiB")
        #expect(TempDirectory.entries(disk.writable) == written.sorted())
        for name in written {
            #expect(Self.samePixels(try PNG.read(path: disk.writable + "/" + name), picture), "\(name)")
        }
        // What is left (less than a PNG of it, maybe room for the smaller JPEG): filled.
        Self.fill(disk.writable)
        written.append("filler")
        let jpeg = disk.writable + "/cover.jpg"
        #expect(throws: ImageError.writeFailed(path: jpeg, errno: ENOSPC)) { try JPEG.write(picture, to: jpeg) }

        // The animation fails at the frame that no longer fits; nothing is left of it.
        let animation = disk.writable + "/frames.png"
        var writer = try APNGWriter(path: animation, width: 96, height: 96, frameCount: 10, framesPerSecond: 10)
        var thrown: ImageError?
        for _ in 0..<10 {
            do { try writer.append(picture) } catch {
                thrown = error
                break
            }
        }
        #expect(thrown == .writeFailed(path: animation, errno: ENOSPC))
        do {
            try writer.finish()
            Issue.record("an abandoned animation finished")
        } catch {
            #expect(error == .writeFailed(path: animation, errno: ENOSPC))
        }
        #expect(TempDirectory.entries(disk.writable) == written.sorted())
    }

    @Test func aReadOnlyDiskIsEROFSNamingTheFileAndChangesNothing() throws {
        let disk = try ScratchMount(sizeKiB: 256)
        try FileIO.writeAtomically(Array("home\n".utf8), to: disk.writable + "/state.txt")
        let path = disk.readOnly + "/state.txt"
        #expect(try FileIO.readAll(path: path) == Array("home\n".utf8))
        let error = ImageError.writeFailed(path: path, errno: EROFS)
        #expect(throws: error) { try FileIO.writeAtomically(Array("book:atlas@2\n".utf8), to: path) }
        #expect(error.description == "\(path): cannot write: Read-only file system (EROFS)")
        let picture = disk.readOnly + "/wall.png"
        #expect(throws: ImageError.writeFailed(path: picture, errno: EROFS)) {
            try PNG.write(try Self.noise(8, 8), to: picture)
        }
        #expect(throws: ImageError.writeFailed(path: picture, errno: EROFS)) {
            _ = try APNGWriter(path: picture, width: 8, height: 8, frameCount: 2, framesPerSecond: 10)
        }
        #expect(try FileIO.readAll(path: path) == Array("home\n".utf8))
        #expect(TempDirectory.entries(disk.readOnly) == ["state.txt"])
    }
}
