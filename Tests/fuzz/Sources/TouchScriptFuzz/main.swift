import FuzzSupport
import Input
import Runtime

/// A touch script's bytes into `TouchScript.parse(bytes:path:panel:)` and its `rotate`
/// lines' check (`validateRotations`): what `TouchScript.loadValidated` (`vitrine run
/// --touch`, `vitrine render --touch`) does once the file is read. A script or a
/// `TouchScriptError` naming the file and a line of it; never a trap, a hang or a leak.
///
/// Parsed twice, as both callers do: for a known panel (every point on it) and for none.
/// A script that parses is played (once) into a `TouchTracker` as the renderer plays it:
/// the touches must come out well formed (`TouchSequenceCheck`), on the screen for the
/// panel.
func touchScriptFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let path = "fuzz.touch"
    var played = false
    for panel in [PanelSize(width: 800, height: 480), nil] {
        let script: TouchScript
        do {
            script = try TouchScript.parse(bytes: bytes, path: path, panel: panel)
            try script.validateRotations()
        } catch {
            guard error.description.hasPrefix(path + ":") else { fuzzFailure("the error does not name the file: \(error)") }
            if let line = error.line, line < 1 || line > bytes.count + 1 {
                fuzzFailure("line \(line) is not in the file: \(error)")
            }
            continue
        }
        // The limit counts what the lines make, not the frames the parser adds.
        let made = script.events.count { $0.slot != nil }
        guard made <= TouchScript.maximumEventCount else {
            fuzzFailure("\(made) events, at most \(TouchScript.maximumEventCount)")
        }
        // A script that parses for the panel parses the same without it: played once.
        if played { continue }
        played = true
        let size = panel ?? PanelSize(width: Int(TouchScript.maximumCoordinate) + 1, height: Int(TouchScript.maximumCoordinate) + 1)
        let tracker = TouchTracker(panelSize: size) { .init(x: $0.x, y: $0.y) }
        var check = TouchSequenceCheck(bounds: (size.width, size.height), maxOpen: tracker.slotCount + 1)
        var player = TouchScript.Player(script)
        for event in player.advance(to: script.duration) {
            tracker.handle(event) { check.check($0) }
        }
        tracker.cancelAll(time: script.duration) { check.check($0) }
        guard check.open.isEmpty, tracker.activeTouchCount == 0 else { fuzzFailure("touches left down after cancelAll") }
    }
    return 0
}

runFuzzer(touchScriptFuzz)
