/// `text` as a message quotes it: whole up to `shortenedLimit` characters, else its
/// first `shortenedLimit - 3` and "...". A manifest's value can be a megabyte on one
/// line; the error that quotes it stays one readable line.
func shortened(_ text: some StringProtocol) -> String {
    text.prefix(shortenedLimit + 1).count <= shortenedLimit ? String(text) : String(text.prefix(shortenedLimit - 3)) + "..."
}

/// The most characters a message quotes of a value (`shortened`).
let shortenedLimit = 80
