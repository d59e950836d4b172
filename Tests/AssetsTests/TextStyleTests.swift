import Testing
@testable import Assets

/// Text styles are values a compositor can cache by: equal when they render the same.
@Suite("Text style")
struct TextStyleTests {
    @Test func sizesRoundTo64ths() {
        #expect(TextStyle(size: 20.001) == TextStyle(size: 20))
        #expect(TextStyle(size: 20.001).hashValue == TextStyle(size: 20).hashValue)
        #expect(TextStyle(size: 20.5).size64 == 1312)
        #expect(TextStyle(size: 20.01) != TextStyle(size: 20))
        var s = TextStyle()
        s.size = 13.3
        #expect(s.size == 851.0 / 64)
    }

    @Test func outOfRangeValuesAreClamped() {
        #expect(TextStyle(size: 0).size == 1)
        #expect(TextStyle(size: -4).size == 1)
        #expect(TextStyle(size: 10_000).size == 512)
        #expect(TextStyle(size: .nan).size == 20)
        #expect(TextStyle(size: .infinity).size == 512)
        #expect(TextStyle(lineSpacing: .nan).lineSpacing == 1)
        #expect(TextStyle(lineSpacing: 100).lineSpacing == 4)
        #expect(TextStyle(maxLines: -3).maxLines == 0)
        var s = TextStyle()
        s.maxLines = -1
        #expect(s.maxLines == 0)
    }

    @Test func fontChoices() {
        #expect(FontChoice.regular.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(FontChoice.bold.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        #expect(FontChoice.file("show/fonts/a.otf").path == "show/fonts/a.otf")
        #expect(TextStyle(font: .regular) != TextStyle(font: .bold))
    }

    /// A compositor's cache key: (string, style, box size).
    @Test func usableAsACacheKey() {
        struct Key: Hashable {
            var text: String
            var style: TextStyle
            var size: TextSize
        }
        var cache: [Key: Int] = [:]
        cache[Key(text: "Books", style: TextStyle(size: 18, alignment: .center), size: TextSize(width: 120, height: 24))] = 1
        #expect(cache[Key(text: "Books", style: TextStyle(size: 18.0001, alignment: .center), size: TextSize(width: 120, height: 24))] == 1)
        #expect(cache[Key(text: "Books", style: TextStyle(size: 18, alignment: .leading), size: TextSize(width: 120, height: 24))] == nil)
    }
}
