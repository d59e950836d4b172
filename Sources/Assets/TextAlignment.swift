/// Where each line sits across the box. Leading and trailing follow the paragraph's
/// direction: leading is the left edge for left-to-right text (Latin, Greek, Cyrillic)
/// and the right edge for right-to-left text (Hebrew, Arabic).
public enum TextAlignment: Hashable, Sendable {
    case leading
    case center
    case trailing
}

/// Where the block of lines sits down the box, when it is shorter than the box.
public enum TextVerticalAlignment: Hashable, Sendable {
    case top
    case center
    case bottom
}

/// What happens to text that does not fit the box (its height, or `maxLines`).
public enum TextTruncation: Hashable, Sendable {
    /// The last visible line is cut so that it plus "…" (U+2026) fits the width; spaces
    /// before the cut are dropped. Where the font has no "…", three full stops.
    case ellipsis
    /// The last visible line ends where the line breaking put it; nothing is added.
    case clip
}
