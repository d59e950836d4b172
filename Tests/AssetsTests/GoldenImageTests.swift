import Testing
import Glibc
import Raster
import Assets
import VitrineTestSupport

/// The golden-image helper itself, in temporary directories, with record mode and the
/// failure directory passed in: these tests never read or set the process environment.
@Suite("Golden images")
struct GoldenImageTests {
    /// A 20x10 gray picture of `level`, with one dark square at (4, 2).
    static func picture(level: UInt32 = 100, format: PixelFormat = .xrgb8888) -> Surface {
        let s = try! Surface(width: 20, height: 10, format: format)
        s.fill(0xff00_0000 | level << 16 | level << 8 | level)
        s.fill(0xff10_1010, clip: PixelRect(x: 4, y: 2, width: 3, height: 3))
        return s
    }

    /// The message of a `GoldenImageError`, or nil if `body` passed.
    static func message(_ body: () throws(GoldenImageError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return error.description
        }
    }

    /// A temp dir with a golden `name` recorded from `surface` (the recording fails, as
    /// it must).
    static func recorded(_ surface: Surface, _ name: String, in dir: TempDirectory) -> String {
        let goldens = dir.file("Golden")
        let m = message { () throws(GoldenImageError) in
            try assertGolden(surface, named: name, in: goldens, record: true, failureDirectory: dir.file("out"))
        }
        #expect(m == "recorded golden image \(goldens)/\(name).png; look at it, then run again without VITRINE_RECORD")
        return goldens
    }

    @Test func recordThenMatch() throws {
        let dir = TempDirectory()
        let goldens = Self.recorded(Self.picture(), "card_w20_h10", in: dir)
        #expect(TempDirectory.entries(goldens) == ["card_w20_h10.png"])
        try assertGolden(Self.picture(), named: "card_w20_h10", in: goldens, record: false, failureDirectory: dir.file("out"))
        // ".png" in the name is the same golden.
        try assertGolden(Self.picture(), named: "card_w20_h10.png", in: goldens, record: false, failureDirectory: dir.file("out"))
        #expect(dir.entries == ["Golden"], "a pass writes no failure images")
    }

    /// Record mode creates missing directories, replaces an existing golden, and fails
    /// every time.
    @Test func recordModeAlwaysFails() throws {
        let dir = TempDirectory()
        let goldens = dir.file("a/b/Golden")
        for level: UInt32 in [10, 200] {
            let m = Self.message { () throws(GoldenImageError) in
                try assertGolden(Self.picture(level: level), named: "g", in: goldens, record: true, failureDirectory: dir.file("out"))
            }
            #expect(m == "recorded golden image \(goldens)/g.png; look at it, then run again without VITRINE_RECORD")
        }
        #expect(try PNG.read(path: goldens + "/g.png")[0, 0] == 0xffc8_c8c8)
    }

    @Test func missingGolden() {
        let dir = TempDirectory()
        let m = Self.message { () throws(GoldenImageError) in
            try assertGolden(Self.picture(), named: "folder_r90_t0250", in: dir.path, record: false, failureDirectory: dir.file("out"))
        }
        #expect(
            m == "golden image \(dir.path)/folder_r90_t0250.png does not exist; to record it, run the test with "
                + "VITRINE_RECORD=1, look at the image, then commit it")
    }

    /// Tolerance 2 (the default): a difference of 2 levels passes, 3 fails.
    @Test func toleranceEdge() throws {
        let dir = TempDirectory()
        let goldens = Self.recorded(Self.picture(level: 100), "t", in: dir)
        let out = dir.file("out")
        try assertGolden(Self.picture(level: 102), named: "t", in: goldens, record: false, failureDirectory: out)
        try assertGolden(Self.picture(level: 98), named: "t", in: goldens, record: false, failureDirectory: out)
        let m = Self.message { () throws(GoldenImageError) in
            try assertGolden(Self.picture(level: 103), named: "t", in: goldens, record: false, failureDirectory: out)
        }
        // 200 pixels, 9 of them the unchanged dark square.
        #expect(
            m == "golden image \(goldens)/t.png differs: 191 of 200 pixels differ by more than 2 "
                + "(largest channel difference 3)\n  actual: \(out)/t.actual.png\n  diff:   \(out)/t.diff.png")
        // A wider tolerance accepts it.
        try assertGolden(Self.picture(level: 103), named: "t", in: goldens, tolerance: 3, record: false, failureDirectory: out)
    }

    /// A mismatch writes the actual image and a diff image (red where pixels differ,
    /// the golden dimmed elsewhere) and names both; a later pass removes them.
    @Test func mismatchWritesActualAndDiff() throws {
        let dir = TempDirectory()
        let goldens = Self.recorded(Self.picture(), "m", in: dir)
        let out = dir.file("out/AssetsTests")
        let changed = Self.picture()
        changed[0, 0] = 0xffff_ffff
        changed[19, 9] = 0xff00_0000
        let m = Self.message { () throws(GoldenImageError) in
            try assertGolden(changed, named: "m", in: goldens, record: false, failureDirectory: out)
        }
        #expect(
            m == "golden image \(goldens)/m.png differs: 2 of 200 pixels differ by more than 2 "
                + "(largest channel difference 155)\n  actual: \(out)/m.actual.png\n  diff:   \(out)/m.diff.png")
        #expect(TempDirectory.entries(out) == ["m.actual.png", "m.diff.png"])

        let actual = try PNG.read(path: out + "/m.actual.png")
        #expect(actual[0, 0] == 0xffff_ffff && actual[19, 9] == 0xff00_0000 && actual[5, 5] == 0xff64_6464)
        let diff = try PNG.read(path: out + "/m.diff.png")
        #expect(diff[0, 0] == 0xffff_0000 && diff[19, 9] == 0xffff_0000)
        // Gray 100 dimmed: luminance (77 + 150 + 29) * 100 / 256 = 100, a third is 33.
        #expect(diff[10, 5] == 0xff21_2121)
        #expect(diff[5, 3] == 0xff05_0505, "the dark square, dimmed")

        try assertGolden(Self.picture(), named: "m", in: goldens, record: false, failureDirectory: out)
        #expect(TempDirectory.entries(out) == [], "a pass clears the failure images")
    }

    @Test func sizeMismatch() {
        let dir = TempDirectory()
        let goldens = Self.recorded(Self.picture(), "s", in: dir)
        let out = dir.file("out")
        let m = Self.message { () throws(GoldenImageError) in
            try assertGolden(Placeholder.surface(width: 21, height: 10), named: "s", in: goldens, record: false, failureDirectory: out)
        }
        #expect(
            m == "golden image \(goldens)/s.png differs: the golden is 20x10 xrgb8888, the actual image is "
                + "21x10 xrgb8888\n  actual: \(out)/s.actual.png")
        #expect(TempDirectory.entries(out) == ["s.actual.png"])
    }

    /// An image with alpha against an opaque golden is a format mismatch, even where the
    /// pixels agree.
    @Test func formatMismatch() {
        let dir = TempDirectory()
        let goldens = Self.recorded(Self.picture(), "f", in: dir)
        let m = Self.message { () throws(GoldenImageError) in
            try assertGolden(Self.picture(format: .argb8888), named: "f", in: goldens, record: false, failureDirectory: dir.file("out"))
        }
        #expect(m?.hasPrefix("golden image \(goldens)/f.png differs: the golden is 20x10 xrgb8888, the actual image is 20x10 argb8888") == true)
    }

    /// Alpha is a channel like the others.
    @Test func alphaIsCompared() throws {
        let dir = TempDirectory()
        let a = try Surface(width: 4, height: 4, format: .argb8888)
        a.fill(0x8040_2010)
        let goldens = Self.recorded(a, "alpha", in: dir)
        try assertGolden(a, named: "alpha", in: goldens, record: false, failureDirectory: dir.file("out"))
        let b = try Surface(width: 4, height: 4, format: .argb8888)
        b.fill(0x9040_2010)
        #expect(throws: GoldenImageError.self) {
            try assertGolden(b, named: "alpha", in: goldens, record: false, failureDirectory: dir.file("out"))
        }
    }

    /// rgb565 and a8 surfaces are compared as their PNGs store them.
    @Test func otherFormatsCompareThroughPNG() throws {
        let dir = TempDirectory()
        let mask = try Surface(width: 5, height: 5, format: .a8)
        mask.fill(0x7700_0000)
        let r565 = try Surface(width: 5, height: 5, format: .rgb565)
        r565.fill(0xff12_3456)
        let goldens = Self.recorded(mask, "mask", in: dir)
        _ = Self.recorded(r565, "r565", in: dir)
        try assertGolden(mask, named: "mask", in: goldens, record: false, failureDirectory: dir.file("out"))
        try assertGolden(r565, named: "r565", in: goldens, record: false, failureDirectory: dir.file("out"))
    }

    @Test func corruptGolden() throws {
        let dir = TempDirectory()
        try FileIO.writeAtomically(Array("not a png".utf8), to: dir.file("bad.png"))
        let m = Self.message { () throws(GoldenImageError) in
            try assertGolden(Self.picture(), named: "bad", in: dir.path, record: false, failureDirectory: dir.file("out"))
        }
        #expect(m == "golden image: \(dir.path)/bad.png: unsupported: not a PNG file (it starts with 6e 6f 74 20 61 20 70 6e)")
    }

    @Test func goldenDirectoryFromTheTestFile() {
        #expect(GoldenImage.directory(forTestFile: "/src/vitrine/Tests/AssetsTests/GoldenImageTests.swift") == "/src/vitrine/Tests/AssetsTests/Golden")
        #expect(GoldenImage.directory(forTestFile: "/src/vitrine/Tests/ScenesTests/Folder/RevealTests.swift") == "/src/vitrine/Tests/ScenesTests/Golden")
        #expect(GoldenImage.directory(forTestFile: "/home/Tests/x/Tests/AssetsTests/A.swift") == "/home/Tests/x/Tests/AssetsTests/Golden")
        #expect(GoldenImage.directory(forTestFile: "/elsewhere/A.swift") == "/elsewhere/Golden")
        #expect(GoldenImage.directory().hasSuffix("/Tests/AssetsTests/Golden"))
    }

    @Test func failureDirectoryDefaults() throws {
        let dir = TempDirectory()
        try FileIO.writeAtomically([], to: dir.file("Package.swift"))
        let goldens = dir.path + "/Tests/ScenesTests/Golden"
        #expect(GoldenImage.failureDirectory(forGoldenDirectory: goldens, goldenOut: nil) == dir.path + "/.build/golden-failures/ScenesTests")
        #expect(GoldenImage.failureDirectory(forGoldenDirectory: goldens, goldenOut: "") == dir.path + "/.build/golden-failures/ScenesTests")
        #expect(GoldenImage.failureDirectory(forGoldenDirectory: goldens, goldenOut: "/tmp/out") == "/tmp/out/ScenesTests")
        #expect(GoldenImage.failureDirectory(forGoldenDirectory: "/nowhere/near/a/package", goldenOut: nil) == "/tmp/vitrine-golden-failures")
        // This package's own.
        let here = GoldenImage.directory()
        #expect(GoldenImage.failureDirectory(forGoldenDirectory: here, goldenOut: nil).hasSuffix("/.build/golden-failures/AssetsTests"))
    }
}
