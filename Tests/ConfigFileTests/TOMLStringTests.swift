import Testing

@testable import ConfigFile

/// The one spelling of TOML basic strings: the writer's short forms, the messages' codes.
@Suite struct TOMLStringTests {
    @Test func writtenStringsReadBack() throws {
        let text = "a \"quote\", a \\, tab\t, new\nline, cr\r, bs\u{08}, ff\u{0C}, nul\u{00}, esc\u{1B}, del\u{7F}, é"
        let written = TOMLString.basic(text)
        #expect(
            written
                == #""a \"quote\", a \\, tab\t, new\nline, cr\r, bs\b, ff\f, nul\u0000, esc\u001B, del\u007F, é""#)
        #expect(try ConfigDocument(text: "s = \(written)", path: "t.toml").root.string("s") == text)
    }

    @Test func messagesSpellBackspaceAndFormFeedAsCodes() {
        #expect(clipped("bs\u{08} ff\u{0C} \"q\"") == #"bs\u0008 ff\u000C \"q\""#)
        #expect(TOMLString.escape("a", shortForms: true) == nil)
        #expect(TOMLString.escape("\u{08}", shortForms: true) == #"\b"#)
        #expect(TOMLString.escape("\u{08}", shortForms: false) == #"\u0008"#)
    }
}
