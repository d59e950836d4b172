import Glibc
import Testing

@testable import Assets

/// A font file's bytes are read once and shared by every font loaded from it while one
/// is alive (`FontFile`): the kiosk's text engines each load the same two DejaVu files.
@Suite struct FontFileTests {
    /// A copy of DejaVu Sans at a path of this test's own, so other tests' fonts don't
    /// share with it.
    static func copyOfDejaVu(in dir: TempDirectory, name: String = "copy.ttf") throws -> String {
        let path = dir.file(name)
        try FileIO.writeAtomically(try FileIO.readAll(path: Font.defaultPath), to: path)
        return path
    }

    @Test func twoEnginesShareOneCopyOfTheFile() throws {
        let dir = TempDirectory()
        let path = try Self.copyOfDejaVu(in: dir)
        let size = try FileIO.readAll(path: path).count
        weak var shared: FontFile?
        do {
            let (a, b) = (TextEngine(), TextEngine())
            let fa = try a.font(path: path), fb = try b.font(path: path)
            #expect(fa !== fb && fa.file === fb.file)
            #expect(fa.file.bytes.count == size && fa.familyName == "DejaVu Sans" && fb.unitsPerEm == 2048)
            shared = fa.file
            // Both still work over the same bytes.
            let style = TextStyle(font: .file(path), size: 20)
            let la = try a.layout("Vitrine", style: style, width: 400, height: 40)
            let lb = try b.layout("Vitrine", style: style, width: 400, height: 40)
            #expect(la.usedWidth == lb.usedWidth && la.usedWidth > 0 && la.font === fa && lb.font === fb)
        }
        #expect(shared == nil, "the bytes outlived every font of the file")
    }

    /// A file replaced at the same path (a new inode) is read anew; the old bytes stay
    /// with the fonts already loaded from them.
    @Test func aReplacedFileIsReadAgain() throws {
        let dir = TempDirectory()
        let path = try Self.copyOfDejaVu(in: dir)
        let old = try TextEngine().font(path: path)
        try FileIO.writeAtomically(try FileIO.readAll(path: Font.defaultBoldPath), to: path)
        let new = try TextEngine().font(path: path)
        #expect(old.file !== new.file)
        #expect(old.styleName == "Book" && new.styleName == "Bold")
    }

    /// A font that fails to load keeps nothing: the next load of a good file at that
    /// path reads it.
    @Test func aBadFileIsNotKept() throws {
        let dir = TempDirectory()
        let path = dir.file("bad.ttf")
        try FileIO.writeAtomically(Array("not a font".utf8), to: path)
        #expect(throws: FontError.self) { try TextEngine().font(path: path) }
        _ = try Self.copyOfDejaVu(in: dir, name: "bad.ttf")
        #expect(try TextEngine().font(path: path).familyName == "DejaVu Sans")
    }
}
