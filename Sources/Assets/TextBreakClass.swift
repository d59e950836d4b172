/// What a character is to line breaking: a small subset of Unicode's line breaking
/// classes (UAX #14), enough for Latin, Greek, Cyrillic, Hebrew, Arabic and CJK labels
/// and paragraphs.
///
/// Rules, for a break between characters `a` and `b` (see `allowsBreak`):
/// - never before a space: spaces stay at the end of the line they follow, where
///   they don't count towards its width;
/// - after spaces, before anything else;
/// - after a zero-width space (U+200B);
/// - after a hyphen or dash between a word and the next (`well-known`), but not before
///   a digit (`10-20`, `-5`);
/// - before and after CJK ideographs and kana, except before closing punctuation or
///   after opening punctuation;
/// - nowhere else (no break inside a word: an overlong word is cut between grapheme
///   clusters by the layout, not here). Non-breaking spaces (U+00A0, U+2007, U+202F)
///   count as letters. Forced breaks (newlines) split paragraphs before this is asked.
enum TextBreakClass: Equatable {
    case space
    case zeroWidthSpace
    case hyphen
    case digit
    case ideograph
    case openPunctuation
    case closePunctuation
    case other

    init(_ character: Character) {
        let s = character.unicodeScalars.first!
        let v = s.value
        switch v {
        case 0x200B: self = .zeroWidthSpace; return
        case 0x09: self = .space; return
        case 0xA0, 0x2007, 0x202F: self = .other; return
        case 0x2D, 0x2010, 0x2012, 0x2013, 0x2014: self = .hyphen; return
        default: break
        }
        switch s.properties.generalCategory {
        case .spaceSeparator: self = .space
        case .decimalNumber: self = .digit
        case .openPunctuation: self = .openPunctuation
        case .closePunctuation: self = .closePunctuation
        case .otherPunctuation where v < 0x80 || (0x3000...0x303F).contains(v) || (0xFF00...0xFFEF).contains(v):
            // ASCII and CJK full stops, commas, marks: they close what precedes them.
            self = .closePunctuation
        default:
            self = TextBreakClass.isIdeographic(v) ? .ideograph : .other
        }
    }

    /// Han ideographs (with extensions and compatibility forms), CJK radicals, kana.
    private static func isIdeographic(_ v: UInt32) -> Bool {
        (0x2E80...0x2FFF).contains(v) || (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x4E00...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// Whether a line may break between `a` and `b`; `beforeA` is the character before
    /// `a` (nil at the paragraph's start).
    static func allowsBreak(after a: TextBreakClass, before b: TextBreakClass, beforeA: TextBreakClass?) -> Bool {
        if b == .space { return false }
        switch a {
        case .space, .zeroWidthSpace: return true
        case .hyphen:
            guard let beforeA, beforeA != .space, beforeA != .hyphen else { return false }
            return b != .digit && b != .closePunctuation && b != .hyphen
        case .openPunctuation: return false
        default: break
        }
        if b == .closePunctuation { return false }
        return a == .ideograph || b == .ideograph
    }
}
