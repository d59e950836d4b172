import VitrineTestSupport
import Testing
import Glibc
import Raster
@testable import Assets

/// A font that can't be used gives a typed error naming the file and the fault, with
/// the exact one-line message a log shows; never a crash.
@Suite("Font bad input")
struct FontErrorTests {
    @Test func missingFile() {
        let engine = TextEngine()
        #expect(
            TextFixtures.fontMessage { try engine.font(path: "/nonexistent/vitrine/NoSuch.ttf") }
                == "/nonexistent/vitrine/NoSuch.ttf: cannot read font: No such file or directory (ENOENT)")
        #expect(throws: FontError.notFound(path: "/nonexistent/vitrine/NoSuch.ttf")) {
            try engine.font(path: "/nonexistent/vitrine/NoSuch.ttf")
        }
    }

    @Test func directory() {
        let dir = TempDirectory()
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: dir.path) }
                == "\(dir.path): cannot read font: a directory, not a regular file")
    }

    @Test func emptyFile() throws {
        let dir = TempDirectory()
        let path = dir.file("empty.ttf")
        try FileIO.writeAtomically([], to: path)
        #expect(TextFixtures.fontMessage { try TextEngine().font(path: path) } == "\(path): not a font: the file is empty")
    }

    /// A short text file: FreeType's drivers run out of data before any header.
    @Test func shortTextFile() throws {
        let dir = TempDirectory()
        let path = dir.file("notes.ttf")
        try FileIO.writeAtomically(Array("hello, not a font\n".utf8), to: path)
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): not a font: invalid stream operation (FreeType error 0x55)")
    }

    /// A PNG is long enough for every driver to look and say no.
    @Test func imageFile() throws {
        let dir = TempDirectory()
        let path = dir.file("icon.png")
        let s = try Surface(width: 64, height: 64, format: .argb8888)
        var rng = SplitMix64(seed: 7)
        s.withRows(as: UInt32.self) { _, row in
            for i in row.indices { row[i] = Fixtures.premultipliedPixel(&rng) }
        }
        try PNG.write(s, to: path)
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): not a font: unknown file format (FreeType error 0x02)")
    }

    @Test func truncatedFont() throws {
        let dir = TempDirectory()
        let path = dir.file("DejaVuSans-cut.ttf")
        try FileIO.writeAtomically(Array(try FileIO.readAll(path: Font.defaultPath).prefix(1000)), to: path)
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): not a font: unknown file format (FreeType error 0x02)")
    }

    /// A TrueType file whose horizontal header is missing: recognised, but broken.
    @Test func missingTableIsCorrupt() throws {
        let dir = TempDirectory()
        let path = dir.file("no-hhea.ttf")
        let bytes = TextFixtures.renamingTable(try FileIO.readAll(path: Font.defaultPath), "hhea", to: "xxxx")
        try FileIO.writeAtomically(bytes, to: path)
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): corrupt font: horizontal header (hhea) table missing (FreeType error 0x8F)")
    }

    @Test func noUnicodeCharmap() throws {
        let dir = TempDirectory()
        let path = dir.file("no-cmap.ttf")
        let bytes = TextFixtures.renamingTable(try FileIO.readAll(path: Font.defaultPath), "cmap", to: "xxxx")
        try FileIO.writeAtomically(bytes, to: path)
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): unsupported font: no Unicode character map")
    }

    @Test func bitmapOnlyFont() throws {
        let dir = TempDirectory()
        let path = dir.file("tiny.bdf")
        try FileIO.writeAtomically(Array(TextFixtures.bdf.utf8), to: path)
        #expect(
            TextFixtures.fontMessage { try TextEngine().font(path: path) }
                == "\(path): unsupported font: bitmap-only font: only scalable outline fonts are supported")
    }

    @Test func fileTooLargeMessage() {
        #expect(
            FontError.fileTooLarge(path: "big.ttf", bytes: 70_000_000, limit: Font.maxFileBytes).description
                == "big.ttf: font file too large: 70000000 bytes, over the 67108864-byte limit")
    }

    @Test func sizeNotSettableMessage() {
        #expect(
            FontError.sizeNotSettable(path: "x.ttf", size64: 1312, freeTypeError: 0x17).description
                == "x.ttf: cannot set size 20.5 px: invalid pixel size (FreeType error 0x17)")
    }

    @Test func unknownFreeTypeCodeShowsTheNumber() {
        #expect(
            FontError.corrupt(path: "x.ttf", freeTypeError: 0xB9).description
                == "x.ttf: corrupt font: FreeType error 0xB9")
        #expect(
            FontError.notAFont(path: "x.ttf", freeTypeError: 0x02).path == "x.ttf")
    }

    @Test func pixelsInDecimal() {
        #expect(pixelsDescription(1280) == "20")
        #expect(pixelsDescription(1312) == "20.5")
        #expect(pixelsDescription(1) == "0.015625")
        #expect(pixelsDescription(-96) == "-1.5")
    }

    /// A style naming a missing file: layout and render throw the font's error; the
    /// engine goes on working for other styles.
    @Test func styleWithMissingFontThrowsAndEngineRecovers() throws {
        let engine = TextEngine()
        let bad = TextStyle(font: .file("/nonexistent/show/fonts/Title.otf"))
        #expect(
            TextFixtures.fontMessage { try engine.render("Books", style: bad, width: 100, height: 30) }
                == "/nonexistent/show/fonts/Title.otf: cannot read font: No such file or directory (ENOENT)")
        #expect(throws: FontError.self) { try engine.size(of: "Books", style: bad) }
        let good = try engine.layout("Books", style: TextStyle(), width: 100, height: 30)
        #expect(good.lines.map(\.text) == ["Books"])
    }
}
