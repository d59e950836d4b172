import Glibc
import Raster
import Testing

@testable import Assets

/// Bad input: a 1 GiB file named as a picture (a video copied under a picture's name, a
/// disk image) is refused by its size, from `fstat`, before a byte of it is read. The
/// file is sparse: it takes no disk space, and reading it whole would still cost a
/// gigabyte of memory and the time to read it.
@Suite struct HugeFileTests {
    static let gibibyte = 1 << 30

    /// A sparse file of `bytes` bytes in `dir` (ftruncate: no block written).
    static func sparseFile(_ dir: TempDirectory, _ name: String, bytes: Int = gibibyte) throws -> String {
        let path = dir.file(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(bytes)) == 0)
        return path
    }

    /// The bytes this process has read through read() and friends so far
    /// (/proc/self/io's rchar): a 1 GiB file read whole would add a gigabyte.
    static func bytesRead() -> Int {
        guard let text = try? FileIO.readAll(path: "/proc/self/io") else { return 0 }
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") where line.hasPrefix("rchar:") {
            return Int(line.dropFirst(6).drop(while: { $0 == " " })) ?? 0
        }
        return 0
    }

    @Test func aGibibytePictureIsRefusedByItsSizeUnread() throws {
        let dir = TempDirectory()
        let png = try Self.sparseFile(dir, "wall.png")
        let jpeg = try Self.sparseFile(dir, "cover.jpg")
        let limit = ImageLimits.default.maxFileBytes
        #expect(limit == 64 << 20)
        let before = Self.bytesRead()
        let tooLarge = ImageError.fileTooLarge(path: png, bytes: Self.gibibyte, limit: limit)
        #expect(throws: tooLarge) { try Image.read(path: png) }
        #expect(throws: tooLarge) { try PNG.read(path: png) }
        #expect(throws: ImageError.fileTooLarge(path: jpeg, bytes: Self.gibibyte, limit: limit)) {
            try JPEG.read(path: jpeg)
        }
        #expect(throws: ImageError.fileTooLarge(path: png, bytes: Self.gibibyte, limit: 100)) {
            try FileIO.readAll(path: png, maxBytes: 100)
        }
        // The size came from fstat (the exact size is known without reading), and
        // nothing like it was read: other tests running meanwhile read a few megabytes.
        let read = Self.bytesRead() - before
        #expect(read < 32 << 20, "read \(read) bytes")
        #expect(
            tooLarge.description == "\(png): file too large: 1073741824 bytes, over the 67108864-byte limit")
    }

    /// In the show's image cache: the placeholder and one warning, as any bad picture;
    /// asked for again each frame, the file is not looked at again.
    @Test func theCacheGivesThePlaceholderOnceWarned() throws {
        let dir = TempDirectory()
        let path = try Self.sparseFile(dir, "wall.jpg")
        let cache = ImageCache(budgetBytes: 1 << 20)
        let first = cache.image(at: path)
        #expect(first.isPlaceholder)
        #expect(first.newWarning == .fileTooLarge(path: path, bytes: Self.gibibyte, limit: 64 << 20))
        for _ in 0..<10 { #expect(cache.image(at: path).newWarning == nil) }
        #expect(cache.misses == 1 && cache.bytesInUse == 0)
    }

    /// A font file of a gibibyte: refused the same way, naming the font's limit.
    @Test func aGibibyteFontIsRefusedUnread() throws {
        let dir = TempDirectory()
        let path = try Self.sparseFile(dir, "huge.ttf")
        #expect(throws: FontError.fileTooLarge(path: path, bytes: Self.gibibyte, limit: Font.maxFileBytes)) {
            try TextEngine().font(path: path)
        }
    }
}
