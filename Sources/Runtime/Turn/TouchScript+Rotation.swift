import Input
import Rotation

/// A touch script's `rotate` lines read by the runtime, which owns orientations: `Input`
/// keeps each line's word as written (`ScriptRotation`), and the word means what
/// `vitrine ctl rotate` takes, through the one parser of these words,
/// `RotationRequest(text:)`.
extension ScriptRotation {
    /// What the line asks for; nil for a word that is not an orientation (a script loaded
    /// through `loadValidated` or checked by `validateRotations()` has none).
    public var request: RotationRequest? { RotationRequest(text: word) }
}

extension TouchScript {
    /// The error for a `rotate` line whose word is not an orientation: `PATH:LINE: rotate
    /// wants 0, 90, 180, 270 or auto, not "45"`.
    public func unknownOrientation(_ rotation: ScriptRotation) -> TouchScriptError {
        TouchScriptError(
            path: path, line: rotation.line,
            fault: .unknownOrientation(word: rotation.word, allowed: RotationRequest.allowedText))
    }

    /// Checks every `rotate` line's word; throws for the first that is not an orientation.
    public func validateRotations() throws(TouchScriptError) {
        if let bad = rotations.first(where: { $0.request == nil }) { throw unknownOrientation(bad) }
    }

    /// Reads the script at `path` (`load(path:panel:)`) and checks its `rotate` lines
    /// (`validateRotations()`): how `vitrine run --touch` and `vitrine render --touch`
    /// load a script.
    public static func loadValidated(path: String, panel: PanelSize? = nil) throws(TouchScriptError) -> TouchScript {
        let script = try load(path: path, panel: panel)
        try script.validateRotations()
        return script
    }

    /// Parses `text` (`parse(_:path:panel:)`) and checks its `rotate` lines.
    public static func parseValidated(_ text: String, path: String, panel: PanelSize? = nil) throws(TouchScriptError)
        -> TouchScript
    {
        let script = try parse(text, path: path, panel: panel)
        try script.validateRotations()
        return script
    }
}
