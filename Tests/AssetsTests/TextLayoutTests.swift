import Testing
@testable import Assets

/// Line breaking, truncation, alignment and measurement with DejaVu Sans at 20 px
/// (ascender 19, descender -5, line height 23 px).
@Suite("Text layout")
struct TextLayoutTests {
    let engine = TextEngine()
    let style = TextStyle(size: 20)
    let paragraph =
        "The museum opens at ten in the morning and closes at six. Guided tours leave the main hall every hour, and the garden is open until dusk in summer."

    func layout(_ text: String, _ style: TextStyle? = nil, width: Int = 200, height: Int = 10_000) throws -> TextLayout {
        try engine.layout(text, style: style ?? self.style, width: width, height: height)
    }

    func width64(_ text: String) throws -> Int32 {
        try layout(text, width: 10_000).lines.first?.width64 ?? 0
    }

    /// Narrower than "museum": long words are split, every line still fits.
    @Test func narrowBoxSplitsWords() throws {
        let l = try layout(paragraph, width: 60)
        for line in l.lines { #expect(line.width64 <= 60 * 64, "\(line.text)") }
        #expect(l.lines.map(\.text).joined().filter { $0 != " " } == paragraph.filter { $0 != " " })
        #expect(l.lines.contains { $0.text == "muse" || $0.text == "museu" || $0.text == "mus" })
    }

    @Test(arguments: [100, 173, 300, 800])
    func everyLineFitsAndBreaksAtSpaces(width: Int) throws {
        let l = try layout(paragraph, width: width)
        #expect(!l.isTruncated)
        #expect(l.lines.count > 1 || width == 800)
        for line in l.lines {
            #expect(line.width64 <= Int32(width) * 64, "\(line.text)")
            #expect(line.x >= 0)
        }
        // Breaks only at the spaces: the lines joined by one space are the text.
        #expect(l.lines.map(\.text).joined(separator: " ") == paragraph)
        #expect(l.usedWidth <= width)
    }

    /// Greedy: a line ends where the next word would not have fitted.
    @Test func linesAreFilled() throws {
        let l = try layout(paragraph, width: 173)
        let words = paragraph.split(separator: " ")
        var w = 0
        for line in l.lines.dropLast() {
            let count = line.text.split(separator: " ").count
            w += count
            let longer = line.text + " " + words[w]
            #expect(try width64(longer) > 173 * 64, "\(longer)")
        }
    }

    @Test func newlinesForceBreaks() throws {
        #expect(try layout("Hi\nthere").lines.map(\.text) == ["Hi", "there"])
        #expect(try layout("a\n\nb").lines.map(\.text) == ["a", "", "b"])
        #expect(try layout("one\r\ntwo\rthree\u{2028}four").lines.map(\.text) == ["one", "two", "three", "four"])
        #expect(try layout("end\n").lines.map(\.text) == ["end", ""])
        let l = try layout("Hi\nthere")
        #expect(l.lines.map(\.baseline) == [19, 42])
        #expect(l.lines[1].utf8Range == 3..<8)
    }

    @Test func overlongWordIsSplitBetweenCharacters() throws {
        let word = "Supercalifragilisticexpialidocious"
        let l = try layout("ok " + word, width: 80)
        #expect(l.lines.first?.text == "ok")
        #expect(l.lines.count > 3)
        #expect(l.lines.dropFirst().map(\.text).joined() == word)
        for line in l.lines {
            #expect(line.width64 <= 80 * 64)
            #expect(!line.text.isEmpty)
        }
    }

    @Test func breaksAfterHyphens() throws {
        let w = try width64("well-known")
        let first = max(try width64("well-"), try width64("known"))
        let box = Int((first + 63) / 64) + 2
        #expect(Int32(box) * 64 < w)
        let l = try layout("well-known", width: box)
        #expect(l.lines.map(\.text) == ["well-", "known"], "box \(box), \(first), \(w)")
        // Not before a number, nor after a leading hyphen.
        #expect(TextBreakClass.allowsBreak(after: .hyphen, before: .digit, beforeA: .other) == false)
        #expect(TextBreakClass.allowsBreak(after: .hyphen, before: .other, beforeA: nil) == false)
        #expect(TextBreakClass.allowsBreak(after: .hyphen, before: .other, beforeA: .other))
    }

    @Test func breakClasses() {
        #expect(TextBreakClass(" ") == .space)
        #expect(TextBreakClass("\u{A0}") == .other)  // no-break space
        #expect(TextBreakClass("\u{4E2D}") == .ideograph)
        #expect(TextBreakClass("\u{3002}") == .closePunctuation)
        #expect(TextBreakClass("(") == .openPunctuation)
        #expect(TextBreakClass.allowsBreak(after: .ideograph, before: .ideograph, beforeA: nil))
        #expect(!TextBreakClass.allowsBreak(after: .ideograph, before: .closePunctuation, beforeA: nil))
        #expect(!TextBreakClass.allowsBreak(after: .other, before: .space, beforeA: nil))
        #expect(!TextBreakClass.allowsBreak(after: .other, before: .other, beforeA: nil))
        #expect(TextBreakClass.allowsBreak(after: .zeroWidthSpace, before: .other, beforeA: .other))
    }

    /// A tile title: one line, centred, cut with "…" that fits the 100 px box.
    @Test func longTitleEndsWithEllipsis() throws {
        let title = "Collections of the Northern Lighthouse Board"
        var s = style
        s.maxLines = 1
        s.alignment = .center
        let l = try layout(title, s, width: 100, height: 30)
        #expect(l.lines.count == 1)
        let line = try #require(l.lines.first)
        #expect(l.isTruncated && line.isEllipsized)
        #expect(line.text.hasSuffix("\u{2026}"))
        #expect(title.hasPrefix(String(line.text.dropLast())))
        #expect(line.text.count > 3)
        #expect(line.width64 <= 100 * 64)
        #expect(line.x + Int((line.width64 + 63) >> 6) <= 100)
        let ellipsis = try #require(l.font.glyph(for: "\u{2026}"))
        #expect(line.glyphs.last?.id == ellipsis)
        // One more character would not have fitted with the ellipsis.
        let shown = line.text.dropLast()
        let more = title.prefix(shown.count + 1)
        #expect(try width64(more + "\u{2026}") > 100 * 64 || more.last == " ")
    }

    @Test func shortTitleIsNotTruncated() throws {
        var s = style
        s.maxLines = 1
        s.alignment = .center
        let l = try layout("Books", s, width: 100, height: 30)
        #expect(l.lines.map(\.text) == ["Books"])
        #expect(!l.isTruncated && !l.lines[0].isEllipsized)
        let w = Int(l.lines[0].width64)
        #expect(l.lines[0].x == (100 * 64 - w) / 2 / 64)
    }

    /// Spaces before the cut are dropped: "Hello…", not "Hello …".
    @Test func spacesBeforeEllipsisDropped() throws {
        let box = Int((try width64("Hello\u{2026}") + 63) / 64)
        #expect(try width64("Hello w\u{2026}") > Int32(box) * 64)
        var s = style
        s.maxLines = 1
        let l = try layout("Hello world", s, width: box)
        #expect(l.lines.map(\.text) == ["Hello\u{2026}"])
        #expect(l.lines[0].utf8Range == 0..<5)
    }

    @Test func paragraphTruncatedOnTheThirdLine() throws {
        var s = style
        s.maxLines = 3
        let l = try layout(paragraph, s, width: 200)
        #expect(l.lines.count == 3)
        #expect(l.isTruncated)
        #expect(l.lines.map(\.isEllipsized) == [false, false, true])
        #expect(l.lines[2].text.hasSuffix("\u{2026}"))
        #expect(l.lines[2].width64 <= 200 * 64)
        #expect(!l.lines[2].text.dropLast().hasSuffix(" "))
        // The first two lines are as they would be without the limit.
        let full = try layout(paragraph, width: 200)
        #expect(Array(l.lines.prefix(2).map(\.text)) == Array(full.lines.prefix(2).map(\.text)))
        // The third line starts where it would without the limit and runs on to the cut.
        #expect(l.lines[2].utf8Range.lowerBound == full.lines[2].utf8Range.lowerBound)
        let shown = l.lines[2].text.dropLast()
        #expect(paragraph.utf8.dropFirst(l.lines[2].utf8Range.lowerBound).starts(with: shown.utf8))
    }

    /// The box's height limits lines too: 3 lines need 19 + 2 x 23 + 5 = 70 px.
    @Test func heightLimitsLines() throws {
        let three = try layout(paragraph, width: 200, height: 70)
        #expect(three.lines.count == 3 && three.isTruncated && three.lines[2].isEllipsized)
        #expect(three.usedHeight == 70)
        let two = try layout(paragraph, width: 200, height: 69)
        #expect(two.lines.count == 2 && two.lines[1].isEllipsized)
        // Shorter than one line: one line anyway (clipped when drawn).
        let one = try layout(paragraph, width: 200, height: 5)
        #expect(one.lines.count == 1 && one.lines[0].isEllipsized)
    }

    @Test func clipTruncationAddsNoEllipsis() throws {
        var s = style
        s.maxLines = 2
        s.truncation = .clip
        let l = try layout(paragraph, s, width: 200)
        let full = try layout(paragraph, width: 200)
        #expect(l.isTruncated)
        #expect(l.lines.map(\.text) == Array(full.lines.prefix(2).map(\.text)))
        #expect(l.lines.allSatisfy { !$0.isEllipsized })
    }

    /// The ellipsis also stands for paragraphs after the last line shown.
    @Test func ellipsisForFollowingParagraphs() throws {
        var s = style
        s.maxLines = 1
        let l = try layout("Atlas\nof Light", s, width: 200)
        #expect(l.lines.map(\.text) == ["Atlas\u{2026}"])
        #expect(l.isTruncated)
    }

    @Test func emptyString() throws {
        let l = try layout("")
        #expect(l.lines.isEmpty && !l.isTruncated)
        #expect(l.usedSize == TextSize(width: 0, height: 0))
        #expect(try engine.size(of: "", style: style) == TextSize(width: 0, height: 0))
    }

    @Test func whitespaceOnly() throws {
        let l = try layout("   ")
        #expect(l.lines.count == 1)
        #expect(l.lines[0].text == "" && l.lines[0].width64 == 0)
        #expect(!l.isTruncated)
        #expect(l.usedSize == TextSize(width: 0, height: 24))
        let tabs = try layout("\t \n \t")
        #expect(tabs.lines.count == 2 && tabs.lines.allSatisfy { $0.width64 == 0 })
        // Spaces wider than the box don't make lines of their own.
        #expect(try layout(String(repeating: " ", count: 100), width: 30).lines.count == 1)
    }

    @Test(arguments: [
        "Το μουσείο ανοίγει στις δέκα το πρωί και κλείνει στις έξι το απόγευμα.",
        "Музей открывается в десять утра и закрывается в шесть вечера.",
    ])
    func nonLatinParagraphs(text: String) throws {
        let l = try layout(text, width: 150)
        #expect(l.lines.count > 2)
        #expect(l.lines.map(\.text).joined(separator: " ") == text)
        for line in l.lines {
            #expect(line.width64 <= 150 * 64)
            #expect(line.glyphs.allSatisfy { $0.id != 0 })
        }
    }

    /// Hebrew is right to left: leading alignment puts lines against the right edge,
    /// and the ellipsis on the left of a cut line.
    @Test func rightToLeftParagraph() throws {
        let text = "המוזיאון נפתח בעשר בבוקר ונסגר בשש בערב"
        let l = try layout(text, width: 150)
        #expect(l.lines.count > 1)
        for line in l.lines {
            #expect(line.glyphs.allSatisfy { $0.id != 0 })
            let right = line.x * 64 + Int(line.width64)
            #expect(right <= 150 * 64 && right > 149 * 64)
        }
        var s = style
        s.maxLines = 1
        let cut = try layout(text, s, width: 150)
        let line = try #require(cut.lines.first)
        #expect(line.isEllipsized)
        #expect(line.glyphs.first?.id == cut.font.glyph(for: "\u{2026}"))
        let arabic = try layout("مرحبا بالعالم", width: 300)
        #expect(arabic.lines.count == 1 && arabic.lines[0].glyphs.allSatisfy { $0.id != 0 })
    }

    /// Combining marks stay with their base: a split word never starts a line with a
    /// mark.
    @Test func combiningMarksStayWithTheirBase() throws {
        let word = String(repeating: "x\u{301}\u{323}", count: 30)
        let l = try layout(word + " e\u{301}te\u{301}", width: 60)
        #expect(l.lines.count > 2)
        for line in l.lines {
            let first = try #require(line.text.unicodeScalars.first)
            #expect(first.properties.generalCategory != .nonspacingMark)
            #expect(line.width64 <= 60 * 64)
        }
        #expect(l.lines.dropLast().map(\.text).joined() == word)
        #expect(l.lines.last?.text == "e\u{301}te\u{301}")
    }

    @Test func alignment() throws {
        for (alignment, expected) in [(TextAlignment.leading, 0), (.center, 1), (.trailing, 2)] {
            var s = style
            s.alignment = alignment
            let line = try #require(try layout("Books", s, width: 200).lines.first)
            let free = 200 * 64 - Int(line.width64)
            #expect(line.x == free * expected / 2 / 64)
            #expect(line.glyphs.first.map { Int($0.x64) >> 6 } == line.x)
        }
    }

    @Test func verticalAlignmentAndLineSpacing() throws {
        var s = style
        s.lineSpacing = 1.5
        let spaced = try layout("a\nb\nc", s)
        #expect(spaced.lines.map(\.baseline) == [19, 54, 88])  // 34.5 px apart, each rounded
        s.lineSpacing = 1
        s.verticalAlignment = .center
        #expect(try layout("a", s, height: 100).lines[0].baseline == 38 + 19)
        s.verticalAlignment = .bottom
        #expect(try layout("a\nb", s, height: 100).lines.map(\.baseline) == [72, 95])
    }

    @Test func measure() throws {
        let hello = try engine.size(of: "Hello", style: style)
        #expect(hello == TextSize(width: Int((try width64("Hello") + 63) / 64), height: 24))
        let wrapped = try engine.size(of: paragraph, style: style, maxWidth: 200)
        let l = try layout(paragraph, width: 200)
        #expect(wrapped == TextSize(width: l.usedWidth, height: 19 + 23 * (l.lines.count - 1) + 5))
        var two = style
        two.maxLines = 2
        #expect(try engine.size(of: paragraph, style: two, maxWidth: 200).height == 47)
    }

    /// Degenerate boxes lay out without trapping.
    @Test func tinyBoxes() throws {
        let l = try layout("Hello world", width: 0, height: 0)
        #expect(l.width == 1 && l.height == 1)
        #expect(l.lines.count == 1 && l.isTruncated)
        let narrow = try layout("Hello world", TextStyle(size: 20, truncation: .clip), width: 1, height: 10_000)
        #expect(narrow.lines.map(\.text).joined() == "Helloworld")
    }

    @Test func glyphsSitOnTheBaseline() throws {
        let l = try layout(paragraph, width: 173)
        var previous = 0
        for line in l.lines {
            #expect(line.baseline > previous)
            previous = line.baseline
            #expect(line.glyphs.allSatisfy { Int($0.y) == line.baseline })
            let xs = line.glyphs.map(\.x64)
            #expect(xs == xs.sorted())
        }
    }
}
