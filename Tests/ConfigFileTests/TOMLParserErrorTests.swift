import Testing

@testable import ConfigFile

/// Malformed TOML: each document with the exact line and message it gives. Syntax
/// mistakes start "TOML syntax: "; mistakes of meaning (a key twice) don't.
@Suite struct TOMLParserErrorTests {
    struct Bad: CustomTestStringConvertible, Sendable {
        let text: String
        let line: Int
        let message: String
        init(_ text: String, _ line: Int, _ message: String) {
            self.text = text
            self.line = line
            self.message = message
        }
        var testDescription: String { String(reflecting: text) }
    }

    static let syntax: [Bad] = [
        // Headers.
        Bad("[[[", 1, "TOML syntax: expected a key after '[[', found '['"),
        Bad("[", 1, "TOML syntax: expected a key after '[', found end of file"),
        Bad("[]", 1, "TOML syntax: expected a key after '[', found ']'"),
        Bad("[a", 1, "TOML syntax: expected ']' to close the table header, found end of file"),
        Bad("[a\nb = 1", 1, "TOML syntax: expected ']' to close the table header, found end of line"),
        Bad("[[a]\n", 1, "TOML syntax: expected ']]' to close the table header, found ']'"),
        Bad("[a.]", 1, "TOML syntax: expected a key after '.', found ']'"),
        Bad("[a] b = 1", 1, "TOML syntax: expected the end of the line after the table header [a], found 'b'"),
        Bad("[ [a]]", 1, "TOML syntax: expected a key after '[', found '['"),
        // Keys.
        Bad("= 1", 1, "TOML syntax: expected a key, found '='"),
        Bad("a 1", 1, "TOML syntax: expected '=' after key \"a\""),
        Bad("a.b c = 1", 1, "TOML syntax: expected '=' after key \"a.b\""),
        Bad("a. = 1", 1, "TOML syntax: expected a key after '.', found '='"),
        Bad("\"\"\"a\"\"\" = 1", 1, "TOML syntax: a multi-line string cannot be a key"),
        Bad("a\n= 1", 1, "TOML syntax: expected '=' after key \"a\""),
        Bad("ké = 1", 1, "TOML syntax: expected '=' after key \"k\""),
        // Values.
        Bad("a =", 1, "TOML syntax: missing value for key \"a\""),
        Bad("a = # nothing", 1, "TOML syntax: missing value for key \"a\""),
        Bad("a = = 1", 1, "TOML syntax: expected a value, found '='"),
        Bad("a = 1 2", 1, "TOML syntax: expected the end of the line after the value of \"a\", found '2'"),
        Bad("a = hello", 1, "TOML syntax: invalid value \"hello\" (a string needs quotes)"),
        Bad("a = tru", 1, "TOML syntax: invalid value \"tru\" (a string needs quotes)"),
        Bad("a = TRUE", 1, "TOML syntax: invalid value \"TRUE\" (a string needs quotes)"),
        Bad("a = .5", 1, "TOML syntax: invalid value \".5\""),
        // Strings.
        Bad("a = \"abc", 1, "TOML syntax: unterminated string (missing closing \" on this line)"),
        Bad("a = \"abc\nb = 1", 1, "TOML syntax: unterminated string (missing closing \" on this line)"),
        Bad("a = 'abc\nb = 1", 1, "TOML syntax: unterminated string (missing closing ' on this line)"),
        Bad("x = 1\na = \"\"\"abc\n\nb = 1", 2, "TOML syntax: unterminated multi-line string (missing closing \"\"\")"),
        Bad("a = '''abc''", 1, "TOML syntax: unterminated multi-line string (missing closing ''')"),
        Bad(#"a = "\x41""#, 1, #"TOML syntax: invalid escape '\x' in a string"#),
        Bad(#"a = "\e""#, 1, #"TOML syntax: invalid escape '\e' in a string"#),
        Bad(#"a = "\ ""#, 1, #"TOML syntax: a backslash must be followed by an escape (\n, \t, \", \\, \uXXXX, ...)"#),
        Bad(#"a = "\u12""#, 1, #"TOML syntax: \u needs 4 hexadecimal digits"#),
        Bad(#"a = "\U0001F60""#, 1, #"TOML syntax: \U needs 8 hexadecimal digits"#),
        Bad(#"a = "\uD800""#, 1, #"TOML syntax: \uD800 is not a Unicode scalar value"#),
        Bad(#"a = "\U00110000""#, 1, #"TOML syntax: \U00110000 is not a Unicode scalar value"#),
        Bad("a = \"\"\"\nok\n\\x\"\"\"", 3, #"TOML syntax: invalid escape '\x' in a string"#),
        Bad("a = \"bell\u{7}\"", 1, #"TOML syntax: control character U+0007 in a string (write it as \u0007)"#),
        Bad("a = 'nul\u{0}'", 1, #"TOML syntax: control character U+0000 in a string (write it as \u0000)"#),
        Bad("a = '''\n\u{7F}'''", 2, #"TOML syntax: control character U+007F in a string (write it as \u007F)"#),
        Bad("a = \"\"\"x\ry\"\"\"", 1, "TOML syntax: carriage return not followed by a line feed"),
        // Integers.
        Bad("a = 01", 1, "TOML syntax: invalid number \"01\" (leading zeros are not allowed)"),
        Bad("a = -007", 1, "TOML syntax: invalid number \"-007\" (leading zeros are not allowed)"),
        Bad("a = 1__0", 1, "TOML syntax: invalid number \"1__0\" (an underscore must sit between two digits)"),
        Bad("a = 1_", 1, "TOML syntax: invalid number \"1_\" (an underscore must sit between two digits)"),
        Bad("a = 0x_1", 1, "TOML syntax: invalid number \"0x_1\" (an underscore must sit between two digits)"),
        Bad("a = +0x1", 1, "TOML syntax: invalid number \"+0x1\" (a sign is not allowed before 0x, 0o or 0b)"),
        Bad("a = 0xG", 1, "TOML syntax: invalid number \"0xG\""),
        Bad("a = 0o8", 1, "TOML syntax: invalid number \"0o8\""),
        Bad("a = 0b2", 1, "TOML syntax: invalid number \"0b2\""),
        Bad("a = 0X1", 1, "TOML syntax: invalid number \"0X1\""),
        Bad("a = 1-2", 1, "TOML syntax: invalid number \"1-2\""),
        Bad("a = +", 1, "TOML syntax: invalid number \"+\""),
        Bad("a = 9223372036854775808", 1, "integer \"9223372036854775808\" does not fit in 64 bits"),
        Bad("a = -9223372036854775809", 1, "integer \"-9223372036854775809\" does not fit in 64 bits"),
        Bad("a = 0x8000000000000000", 1, "integer \"0x8000000000000000\" does not fit in 64 bits"),
        Bad("a = 0b1" + String(repeating: "0", count: 64), 1,
            "integer \"0b1" + String(repeating: "0", count: 64) + "\" does not fit in 64 bits"),
        // Floats.
        Bad("a = 1.", 1, "TOML syntax: invalid number \"1.\" (a '.' needs digits on both sides)"),
        Bad("a = +.5", 1, "TOML syntax: invalid number \"+.5\" (a '.' needs digits on both sides)"),
        Bad("a = 1.e5", 1, "TOML syntax: invalid number \"1.e5\" (a '.' needs digits on both sides)"),
        Bad("a = 1e", 1, "TOML syntax: invalid number \"1e\" (an exponent needs digits)"),
        Bad("a = 1e+", 1, "TOML syntax: invalid number \"1e+\" (an exponent needs digits)"),
        Bad("a = 1.5_", 1, "TOML syntax: invalid number \"1.5_\" (an underscore must sit between two digits)"),
        Bad("a = 01.5", 1, "TOML syntax: invalid number \"01.5\" (leading zeros are not allowed)"),
        Bad("a = 1.2.3", 1, "TOML syntax: invalid number \"1.2.3\""),
        Bad("a = -infinity", 1, "TOML syntax: invalid number \"-infinity\""),
        // Dates and times.
        Bad("a = 2023-02-29", 1, "TOML syntax: invalid date \"2023-02-29\" (no such day)"),
        Bad("a = 1900-02-29", 1, "TOML syntax: invalid date \"1900-02-29\" (no such day)"),
        Bad("a = 2023-13-01", 1, "TOML syntax: invalid date \"2023-13-01\" (no month 13)"),
        Bad("a = 2023-1-01", 1, "TOML syntax: invalid date \"2023-1-01\""),
        Bad("a = é", 1, "TOML syntax: invalid value \"é\" (a string needs quotes)"),
        Bad("a = ]", 1, "TOML syntax: expected a value, found ']'"),
        Bad("a = \u{1}", 1, "TOML syntax: expected a value, found U+0001"),
        Bad("a = 1979-05-27T07:32", 1, "TOML syntax: invalid date \"1979-05-27T07:32\""),
        Bad("a = 1979-05-27T25:00:00", 1, "TOML syntax: invalid date \"1979-05-27T25:00:00\" (no such time of day)"),
        Bad("a = 1979-05-27T07:32:00+24:00", 1, "TOML syntax: invalid date \"1979-05-27T07:32:00+24:00\" (no such offset)"),
        Bad("a = 1979-05-27T07:32:00.", 1, "TOML syntax: invalid date \"1979-05-27T07:32:00.\" (a '.' needs digits after it)"),
        Bad("a = 1979-05-27X07:32:00", 1, "TOML syntax: invalid date \"1979-05-27X07:32:00\""),
        Bad("a = 24:00:00", 1, "TOML syntax: invalid time \"24:00:00\" (no such time of day)"),
        Bad("a = 07:32", 1, "TOML syntax: invalid time \"07:32\""),
        Bad("a = 07:32:00Z", 1, "TOML syntax: invalid time \"07:32:00Z\""),
        // Arrays.
        Bad("a = [1 2]", 1, "TOML syntax: expected ',' or ']' after an array element, found '2'"),
        Bad("a = [1,,2]", 1, "TOML syntax: expected a value, found ','"),
        Bad("a = [,]", 1, "TOML syntax: expected a value, found ','"),
        Bad("a = [1, 2", 1, "TOML syntax: unterminated array (the '[' on line 1 is never closed)"),
        Bad("a = [\n1,\n", 3, "TOML syntax: unterminated array (the '[' on line 1 is never closed)"),
        Bad("a = [1] b", 1, "TOML syntax: expected the end of the line after the value of \"a\", found 'b'"),
        // Inline tables.
        Bad("a = {b=1,}", 1, "TOML syntax: trailing comma in an inline table"),
        Bad("a = {,}", 1, "TOML syntax: expected a key after '{', found ','"),
        Bad("a = {b=1 c=2}", 1, "TOML syntax: expected ',' or '}' after a key's value in an inline table, found 'c'"),
        Bad("a = {b=1\n}", 1,
            "TOML syntax: expected ',' or '}' after a key's value in an inline table, found end of line (an inline table must close on the line it opens)"),
        Bad("a = {\nb=1}", 1, "TOML syntax: expected a key after '{', found end of line"),
        Bad("a = {b=1, # c\n}", 1, "TOML syntax: expected a key after ',', found '#'"),
        Bad("a = {b", 1, "TOML syntax: expected '=' after key \"b\""),
        // Comments, line ends, control characters.
        Bad("# bell \u{7}", 1, "TOML syntax: control character U+0007 in a comment"),
        Bad("a = 1 # del \u{7F}", 1, "TOML syntax: control character U+007F in a comment"),
        Bad("a = 1\rb = 2", 1, "TOML syntax: carriage return not followed by a line feed"),
        Bad("a = 1\r\nb = \r\n", 2, "TOML syntax: missing value for key \"b\""),
        Bad("\u{0} = 1", 1, "TOML syntax: expected a key, found U+0000"),
        Bad("a = 1\u{1}", 1, "TOML syntax: invalid number \"1\\u0001\""),
        Bad("a = \"\"\"\n1\n2\n\"\"\"\nb = [\n 1,\n]\nc", 8, "TOML syntax: expected '=' after key \"c\""),
    ]

    static let meaning: [Bad] = [
        Bad("a=1\na=2", 2, "duplicate key \"a\" (first defined on line 1)"),
        Bad("a = 1\n\n\n\"a\" = 2", 4, "duplicate key \"a\" (first defined on line 1)"),
        Bad("[t]\nx = 1\nx = 2", 3, "duplicate key \"t.x\" (first defined on line 2)"),
        Bad("[[f]]\n[[f]]\nid = 1\nid = 2", 4, "duplicate key \"f[1].id\" (first defined on line 3)"),
        Bad("a = {b = 1, b = 2}", 1, "duplicate key \"a.b\" (first defined on line 1)"),
        Bad("a.b = 1\na.b = 2", 2, "duplicate key \"a.b\" (first defined on line 1)"),
        Bad("[a]\n[a]", 2, "table [a] defined twice (first defined on line 1)"),
        Bad("[display]\nx = 1\n\n[display]", 4, "table [display] defined twice (first defined on line 1)"),
        Bad("[a.b]\n[a]\n[a]", 3, "table [a] defined twice (first defined on line 2)"),
        Bad("x.y = 1\n[x]", 2, "table [x] defined twice (first defined by dotted keys on line 1)"),
        Bad("[x]\ny.z = 1\n[x.y]", 3, "table [x.y] defined twice (first defined by dotted keys on line 2)"),
        Bad("[x.y]\n[x]\ny.z = 1", 3, "table \"x.y\" was defined on line 1: dotted keys cannot add to it from elsewhere"),
        Bad("a = {b = 1}\n[a]", 2, "table [a] defined twice (first defined as an inline table on line 1)"),
        Bad("a = {b = 1}\n[a.c]", 2, "cannot add a table to the inline table \"a\" (defined on line 1)"),
        Bad("a = {b = 1}\na.c = 2", 2, "cannot add keys to the inline table \"a\" (defined on line 1)"),
        Bad("a = {b = {c = 1}, b.d = 2}", 1, "cannot add keys to the inline table \"a.b\" (defined on line 1)"),
        Bad("a = [1]\n[[a]]", 2, "[[a]] cannot add to the array \"a\" (defined on line 1)"),
        Bad("a = []\n[a.b]", 2, "cannot add a table to the array \"a\" (defined on line 1)"),
        Bad("a = [{}]\na.b = 1", 2, "key \"a\" already holds an array (defined on line 1)"),
        Bad("[[a]]\n[a]", 2, "table [a] defined twice (first defined as [[a]] on line 1)"),
        Bad("[a]\n[[a]]", 2, "[[a]] cannot redefine the table \"a\" (defined on line 1)"),
        Bad("a = {}\n[[a]]", 2, "[[a]] cannot redefine the table \"a\" (defined on line 1)"),
        Bad("a = 1\n[a]", 2, "duplicate key \"a\" (first defined on line 1)"),
        Bad("a = 1\n[[a]]", 2, "duplicate key \"a\" (first defined on line 1)"),
        Bad("a = [1]\n[a]", 2, "duplicate key \"a\" (first defined on line 1)"),
        Bad("a = 1\n[a.b]", 2, "key \"a\" already holds an integer (defined on line 1)"),
        Bad("a = \"s\"\na.b = 2", 2, "key \"a\" already holds a string (defined on line 1)"),
        Bad("[[a.b]]\n[a]\nb.c = 1", 3, "key \"a.b\" already holds an array (defined on line 1)"),
    ]

    @Test(arguments: syntax) func syntaxMistakesAreRefused(_ bad: Bad) { check(bad) }
    @Test(arguments: meaning) func meaningMistakesAreRefused(_ bad: Bad) { check(bad) }

    private func check(_ bad: Bad) {
        guard let error = refusal(bad.text) else {
            Issue.record("parsed: \(parsed(bad.text))")
            return
        }
        #expect(error == ConfigError(file: "t.toml", line: bad.line, key: "", message: bad.message))
    }

    @Test func theWholeLineReadsAsDesignSays() {
        #expect(refusal("name = \"x\"\n[[[")?.description == "t.toml:2: TOML syntax: expected a key after '[[', found '['")
    }

    @Test func anOversizedTokenIsQuotedShort() throws {
        let digits = String(repeating: "7", count: 1 << 20)
        let tooBig = try #require(refusal("a = " + digits))
        #expect(tooBig.message == "integer \"" + String(repeating: "7", count: 77) + "...\" does not fit in 64 bits")

        let key = String(repeating: "k", count: 1 << 20)
        let noEquals = try #require(refusal(key + "\n"))
        #expect(noEquals.message == "TOML syntax: expected '=' after key \"" + String(repeating: "k", count: 77) + "...\"")

        let word = String(repeating: "w", count: 1 << 20)
        let bare = try #require(refusal("a = " + word))
        #expect(bare.message == "TOML syntax: invalid value \"" + String(repeating: "w", count: 77) + "...\" (a string needs quotes)")

        let header = try #require(refusal("[\(key)]\n[\(key)]"))
        #expect(header.message == "table [\(String(repeating: "k", count: 77))...] defined twice (first defined on line 1)")

        // Every message stays one short line.
        for error in [tooBig, noEquals, bare, header] {
            #expect(error.description.count < 200)
        }
    }

    @Test func anOversizedKeyIsCutInReaderMessagesToo() throws {
        let key = String(repeating: "k", count: 100_000)
        let root = try ConfigDocument(text: "\(key) = 1\nformat = \"\(key)\"", path: "t.toml").root
        enum Format: String, CaseIterable { case xrgb8888 }
        #expect(throws: ConfigError(file: "t.toml", line: 1, key: String(repeating: "k", count: 77) + "...", message: "unknown key")) {
            try root.requireKnownKeys(["format"])
        }
        #expect(
            throws: ConfigError(
                file: "t.toml", line: 2, key: "format",
                message: "\"\(String(repeating: "k", count: 77))...\" is not one of xrgb8888")
        ) { try root.choice("format", as: Format.self) }
    }
}
