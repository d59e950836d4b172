/// A touch script's `rotate R` line: an orientation change asked for at `time`, as
/// `vitrine ctl rotate R` would ask for it.
///
/// `Input` knows no orientations (the `Rotation` module, which owns them, imports
/// `Input`), so the line is kept as the word written: the parser checks only its shape
/// (exactly one argument, the time in order with the other lines), and the runtime reads
/// the word with `RotationRequest(text:)` when it loads the script, refusing a word it
/// does not know with a `TouchScriptError` naming `line` (`.unknownOrientation`).
public struct ScriptRotation: Hashable, Sendable {
    /// Seconds from the start of the script.
    public var time: Double
    /// The argument as written: "0", "90", "180", "270" or "auto" in a good script.
    public var word: String
    /// The 1-based line it came from, for messages.
    public var line: Int

    public init(time: Double, word: String, line: Int) {
        self.time = time
        self.word = word
        self.line = line
    }
}
