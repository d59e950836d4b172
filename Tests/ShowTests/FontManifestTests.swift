import Assets
import ConfigFile
import Glibc
import Testing

@testable import Show

/// The manifest's fonts: top-level `font` and a section's `title_font`, read, written
/// back, and refused with a message naming file, line and key.
@Suite struct FontManifestTests {
    /// `ManifestFixture.text` with `font` after the title and a `title_font` in the book.
    static let text = ManifestFixture.text
        .replacing("title = \"Museum\"\n", with: "title = \"Museum\"\nfont = [\"Noto Sans\", \"fonts/Title.ttf\"]\n")
        .replacing("title = \"Atlas of Light\"\n", with: "title = \"Atlas of Light\"\ntitle_font = [\"serif\"]\n")

    @Test func fontAndTitleFontAreRead() throws {
        let show = try Show.parse(text: Self.text, path: "show.toml")
        #expect(show.font == ["Noto Sans", "fonts/Title.ttf"])
        #expect(show.books[0].titleFont == ["serif"])
        #expect(show.folders.allSatisfy { $0.titleFont.isEmpty } && show.cardLists[0].titleFont.isEmpty)
        #expect(show.namedFontLists.map(\.key) == ["font", "book[0].title_font"])
    }

    /// Without `font`, the show has none (DejaVu Sans): the fixture as before.
    @Test func noFontIsTheDefault() throws {
        let show = try Show.parse(text: ManifestFixture.text, path: "show.toml")
        #expect(show.font.isEmpty && show.namedFontLists.isEmpty)
    }

    @Test func roundTripThroughManifestText() throws {
        var show = try Show.parse(text: Self.text, path: "show.toml")
        show.folders[0].titleFont = ["Droid Sans Fallback", "Title.otf"]
        show.cardLists[0].titleFont = ["monospace"]
        let text = show.manifestText()
        #expect(text.contains("font = [\"Noto Sans\", \"fonts/Title.ttf\"]"))
        #expect(try Show.parse(text: text, path: "show.toml") == show)
        // Without fonts the line is an example, commented out, and no title_font is written.
        let plain = try Show.parse(text: ManifestFixture.text, path: "show.toml")
        let plainText = plain.manifestText()
        #expect(plainText.contains("\n# font = ["))
        #expect(!plainText.contains("title_font"))
        #expect(try Show.parse(text: plainText, path: "show.toml") == plain)
    }

    @Test func fileOrFamily() {
        for file in ["fonts/a.ttf", "Inter.OTF", "x.ttc", "dir/Family"] { #expect(Show.isFontFile(file), "\(file)") }
        for family in ["Noto Sans CJK JP", "DejaVu Sans", "sans-serif"] { #expect(!Show.isFontFile(family), "\(family)") }
        #expect(Show.fontNames(["A", "f/b.ttf"], directory: "/shows/x/") == ["A", "/shows/x/f/b.ttf"])
        #expect(Show.fontNames(["A", "f/b.ttf"], directory: nil) == ["A", "f/b.ttf"])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let old: String
        let new: String
        let message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = \"Noto Sans\"",
            message: "show.toml:2: font: expected an array of font names, found a string (write [\"Name\"])"),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = 12",
            message: "show.toml:2: font: expected an array, found an integer"),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = [\"Noto Sans\", 3]",
            message: "show.toml:2: font[1]: expected a string, found an integer"),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = []",
            message: "show.toml:2: font: must list at least one font (leave it out for DejaVu Sans)"),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = [\"Noto Sans\", \" \"]",
            message: "show.toml:2: font[1]: must not be empty"),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = [\"/usr/share/fonts/x.ttf\"]",
            message: "show.toml:2: font[0]: \"/usr/share/fonts/x.ttf\" must be relative to the show folder"),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = [\"../x.ttf\"]",
            message: "show.toml:2: font[0]: \"../x.ttf\" must not go up with \"..\""),
        Case(
            old: "font = [\"Noto Sans\", \"fonts/Title.ttf\"]", new: "font = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\", \"i\"]",
            message: "show.toml:2: font: too many fonts (9): at most 8"),
        Case(
            old: "title_font = [\"serif\"]", new: "title_font = \"serif\"",
            message: "show.toml:34: book[0].title_font: expected an array of font names, found a string (write [\"Name\"])"),
        Case(
            old: "title_font = [\"serif\"]", new: "titel_font = [\"serif\"]",
            message: "show.toml:34: book[0].titel_font: unknown key (did you mean \"title_font\"?)"),
    ]

    @Test(arguments: cases) func badFontSetting(_ c: Case) throws {
        #expect(Self.text.contains(c.old))
        let text = Self.text.replacing(c.old, with: c.new, maxReplacements: 1)
        #expect(throws: ConfigError.self) { try Show.parse(text: text, path: "show.toml") }
        do {
            _ = try Show.parse(text: text, path: "show.toml")
        } catch {
            #expect(error.description == c.message)
        }
    }

    /// A font file is opened when the show is loaded from its folder: one that is not a
    /// font, or is missing, is a manifest error naming the key and the file.
    @Test func fontFileThatIsNotAFontIsAnError() throws {
        let dir = try TempDirectory()
        try dir.makeDirectory("fonts")
        try dir.write("not a font at all, just some words\n", to: "fonts/Title.ttf")
        try dir.write(Self.text, to: "show.toml")
        let manifest = dir.file("show.toml")
        #expect(throws: ConfigError.self) { try Show.load(directory: dir.path) }
        do {
            _ = try Show.load(directory: dir.path)
        } catch {
            #expect(error.description.hasPrefix("\(manifest):2: font[1]: \"fonts/Title.ttf\": not a font: "), "\(error)")
            #expect(!error.isUnreadable)
        }
        unlink(dir.file("fonts/Title.ttf"))
        do {
            _ = try Show.load(directory: dir.path)
            Issue.record("a missing font file loaded")
        } catch {
            #expect(error.description == "\(manifest):2: font[1]: \"fonts/Title.ttf\": cannot read font: No such file or directory (ENOENT)")
        }
        // A real font there: the show loads.
        try dir.write(try FileIO.readAll(path: Font.defaultPath), to: "fonts/Title.ttf")
        #expect(try Show.load(directory: dir.path).font == ["Noto Sans", "fonts/Title.ttf"])
    }

    /// A family no installed font has is one warning naming the key (fontconfig answers
    /// every family with some font: the family matched is compared); an installed one,
    /// a generic one and a file are none.
    @Test func missingFamilyIsOneWarning() throws {
        var show = try Show.parse(text: ManifestFixture.text, path: "show.toml")
        show.font = ["No Such Family Vitrine", "DejaVu Sans", "sans-serif", "fonts/x.ttf"]
        let warnings = show.fontWarnings(manifest: "show.toml")
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.hasPrefix("show.toml: font[0]: no installed font family \"No Such Family Vitrine\"") == true)
        #expect(warnings.first?.hasSuffix("; left out, the list's other fonts are used") == true)
        show.font = ["No Such Family Vitrine"]
        #expect(show.fontWarnings(manifest: "show.toml").first?.hasSuffix("; DejaVu Sans is used instead") == true)
    }
}
