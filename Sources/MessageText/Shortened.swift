/// The longest piece of the user's text a message repeats, in characters: a key, a
/// header, a value or a token longer than this is cut to its first `clipKeep`
/// characters and "...", so that a megabyte-long token still makes a one-line message.
public let clipLimit = 80

/// The characters a message keeps of a text longer than `clipLimit`: room for "...".
public let clipKeep = clipLimit - 3

/// `text` as a message quotes a value as written (not escaped): whole up to `clipLimit`
/// characters, else its first `clipKeep` and "...". A board's or a manifest's value, or
/// a touch script's token, can be a megabyte on one line (a 1 MiB file); the error that
/// quotes it stays one readable line. Characters, not bytes: a letter of two bytes
/// counts once.
public func shortened(_ text: some StringProtocol) -> String {
    text.prefix(clipLimit + 1).count <= clipLimit ? String(text) : String(text.prefix(clipKeep)) + "..."
}
