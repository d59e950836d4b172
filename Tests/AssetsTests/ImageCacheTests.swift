import Testing
import Glibc
import Raster
@testable import Assets

/// A temporary show folder with solid-colour pictures of chosen sizes.
final class PictureFolder {
    let dir = TempDirectory()

    /// Writes a `size` x `size` opaque PNG of `color` as `name`; returns its path.
    @discardableResult
    func png(_ name: String, size: Int = 16, color: UInt32 = 0xff33_6699) -> String {
        let s = try! Surface(width: size, height: size, format: .xrgb8888)
        s.fill(color)
        let path = dir.file(name)
        try! PNG.write(s, to: path)
        return path
    }
}

@Suite("Image cache")
struct ImageCacheTests {
    /// A 16x16 xrgb8888 surface has 64-byte rows: 1024 bytes.
    static let pictureBytes = 1024

    @Test func hitAfterMiss() throws {
        let folder = PictureFolder()
        let a = folder.png("a.png", color: 0xff11_2233)
        let cache = ImageCache(budgetBytes: 10_000)
        let first = cache.image(at: a)
        #expect(first.error == nil && !first.isPlaceholder && !first.isFirstFailure)
        #expect(first.surface[3, 3] == 0xff11_2233)
        let second = cache.image(at: a)
        #expect(second.surface === first.surface)
        #expect((cache.misses, cache.hits, cache.evictions, cache.bytesInUse) == (1, 1, 0, Self.pictureBytes))
    }

    @Test func budgetRespectedAfterEachLoad() {
        let folder = PictureFolder()
        let paths = (0..<6).map { folder.png("p\($0).png") }
        let cache = ImageCache(budgetBytes: 3 * Self.pictureBytes - 1)  // room for 2
        for (i, p) in paths.enumerated() {
            #expect(!cache.image(at: p).isPlaceholder)
            #expect(cache.bytesInUse <= cache.budgetBytes, "after load \(i)")
            #expect(cache.bytesInUse == cache.picturePaths.count * Self.pictureBytes)
        }
        #expect(cache.picturePaths == [paths[4], paths[5]])
        #expect(cache.evictions == 4)
    }

    @Test func leastRecentlyUsedGoesFirst() {
        let folder = PictureFolder()
        let a = folder.png("a.png"), b = folder.png("b.png"), c = folder.png("c.png")
        let cache = ImageCache(budgetBytes: 2 * Self.pictureBytes)
        _ = cache.image(at: a)
        _ = cache.image(at: b)
        _ = cache.image(at: a)  // a is now more recent than b
        #expect(cache.picturePaths == [b, a])
        _ = cache.image(at: c)
        #expect(cache.picturePaths == [a, c])
        #expect(!cache.contains(b))
        #expect((cache.misses, cache.hits, cache.evictions) == (3, 1, 1))
        _ = cache.image(at: b)  // read again, evicting a
        #expect(cache.picturePaths == [c, b])
        #expect(cache.misses == 4)
    }

    /// Pictures of different sizes: as many of the oldest go as needed to make room.
    @Test func evictsUntilItFits() {
        let folder = PictureFolder()
        let small = (0..<3).map { folder.png("s\($0).png") }  // 1024 bytes each
        let big = folder.png("big.png", size: 32)  // 128-byte rows: 4096 bytes
        let cache = ImageCache(budgetBytes: 5 * Self.pictureBytes)
        for p in small { _ = cache.image(at: p) }
        _ = cache.image(at: big)
        #expect(cache.picturePaths == [small[2], big])
        #expect(cache.bytesInUse == 5 * Self.pictureBytes)
        #expect(cache.evictions == 2)
    }

    /// A picture bigger than the whole budget is returned and cached alone.
    @Test func pictureOverTheWholeBudget() {
        let folder = PictureFolder()
        let a = folder.png("a.png"), huge = folder.png("huge.png", size: 64)
        let cache = ImageCache(budgetBytes: 2 * Self.pictureBytes)
        _ = cache.image(at: a)
        let load = cache.image(at: huge)
        #expect(load.error == nil && load.surface.width == 64)
        #expect(cache.picturePaths == [huge])
        #expect(cache.bytesInUse == 64 * 256)
        #expect(cache.image(at: huge).surface === load.surface, "kept: not decoded again each frame")
        _ = cache.image(at: a)
        #expect(cache.picturePaths == [a], "dropped at the next miss")
        #expect(cache.bytesInUse <= cache.budgetBytes)
    }

    /// A bad file gives the placeholder and its error on every request, and is reported
    /// as new exactly once.
    @Test func failureIsCachedAndWarnedOnce() {
        let folder = PictureFolder()
        let missing = folder.dir.file("missing.png")
        let cache = ImageCache(budgetBytes: 10_000, placeholderSize: (20, 10))
        var warnings: [String] = []
        for _ in 0..<5 {
            let load = cache.image(at: missing)
            #expect(load.isPlaceholder && load.surface === cache.placeholder)
            #expect(load.error == .notFound(path: missing))
            if let w = load.newWarning { warnings.append(w.description) }
        }
        #expect(warnings == ["\(missing): cannot read: No such file or directory (ENOENT)"])
        #expect((cache.misses, cache.hits, cache.bytesInUse) == (1, 4, 0))
        #expect((cache.placeholder.width, cache.placeholder.height) == (20, 10))
    }

    @Test func corruptAndOversizedFilesGiveThePlaceholder() throws {
        let folder = PictureFolder()
        let cut = folder.dir.file("cut.jpg")
        try FileIO.writeAtomically(Array(JPEGFixtures.smallJPEG().prefix(100)), to: cut)
        let big = folder.png("big.png", size: 32)
        let cache = ImageCache(budgetBytes: 10_000, limits: ImageLimits(maxWidth: 20))
        #expect(cache.image(at: cut).newWarning?.description == "\(cut): truncated JPEG: data ends after 100 bytes")
        #expect(cache.image(at: big).newWarning?.description == "\(big): PNG too large: 32x32 exceeds the 20x8192 limit")
        #expect(cache.image(at: folder.dir.path).newWarning?.description == "\(folder.dir.path): cannot read: a directory, not a regular file")
        #expect(cache.bytesInUse == 0)
    }

    /// Failures cost no budget and are never evicted: the warning is not repeated after
    /// pictures come and go.
    @Test func failuresAreNotEvicted() {
        let folder = PictureFolder()
        let missing = folder.dir.file("gone.jpg")
        let cache = ImageCache(budgetBytes: Self.pictureBytes)
        #expect(cache.image(at: missing).isFirstFailure)
        for i in 0..<3 { _ = cache.image(at: folder.png("p\(i).png")) }
        #expect(cache.contains(missing))
        #expect(!cache.image(at: missing).isFirstFailure)
    }

    /// A file replaced on disk is seen after `invalidate`, not before.
    @Test func invalidatedFileIsReloaded() {
        let folder = PictureFolder()
        let path = folder.png("wall.png", color: 0xffff_0000)
        let cache = ImageCache(budgetBytes: 10_000)
        #expect(cache.image(at: path).surface[0, 0] == 0xffff_0000)
        folder.png("wall.png", size: 8, color: 0xff00_00ff)
        #expect(cache.image(at: path).surface[0, 0] == 0xffff_0000, "still the cached picture")
        cache.invalidate(path)
        #expect(cache.bytesInUse == 0)
        let reloaded = cache.image(at: path)
        #expect(reloaded.surface[0, 0] == 0xff00_00ff && reloaded.surface.width == 8)
        #expect(cache.bytesInUse == 8 * 64)
        #expect(cache.misses == 2)
        cache.invalidate(folder.dir.file("never-loaded.png"))  // no effect
    }

    /// A failure invalidated and still failing is a new warning; fixed, it loads.
    @Test func invalidatedFailureIsReportedAgainOrLoads() {
        let folder = PictureFolder()
        let path = folder.dir.file("late.png")
        let cache = ImageCache(budgetBytes: 10_000)
        #expect(cache.image(at: path).isFirstFailure)
        cache.invalidate(path)
        #expect(cache.image(at: path).isFirstFailure)
        folder.png("late.png")
        #expect(cache.image(at: path).isPlaceholder, "cached failure until invalidated")
        cache.invalidate(path)
        #expect(!cache.image(at: path).isPlaceholder)
    }

    @Test func removeAllForgetsEverything() {
        let folder = PictureFolder()
        let a = folder.png("a.png"), b = folder.png("b.jpg")
        try! JPEG.write(JPEGFixtures.gradient(width: 16, height: 16), to: b)
        let missing = folder.dir.file("missing.png")
        let cache = ImageCache(budgetBytes: 10_000)
        for p in [a, b, missing] { _ = cache.image(at: p) }
        #expect(cache.bytesInUse == 2 * Self.pictureBytes)
        cache.removeAll()
        #expect(cache.bytesInUse == 0 && cache.picturePaths.isEmpty && !cache.contains(missing))
        #expect(cache.image(at: missing).isFirstFailure)
        #expect(cache.image(at: b).surface.format == .xrgb8888)
        #expect(cache.misses == 5)
    }

    @Test func zeroBudgetKeepsOnlyTheLatest() {
        let folder = PictureFolder()
        let a = folder.png("a.png"), b = folder.png("b.png")
        let cache = ImageCache(budgetBytes: -5)
        #expect(cache.budgetBytes == 0)
        _ = cache.image(at: a)
        _ = cache.image(at: b)
        #expect(cache.picturePaths == [b])
    }
}
