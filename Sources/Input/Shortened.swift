/// `text` as a message quotes it: whole up to `shortenedLimit` characters, else its
/// first `shortenedLimit - 3` and "...". A touch script's token can be a megabyte long
/// (one line of a 1 MiB file); the error that quotes it stays one readable line.
func shortened(_ text: some StringProtocol) -> String {
    text.prefix(shortenedLimit + 1).count <= shortenedLimit ? String(text) : String(text.prefix(shortenedLimit - 3)) + "..."
}

/// The most characters a message quotes of a token (`shortened`).
let shortenedLimit = 80
