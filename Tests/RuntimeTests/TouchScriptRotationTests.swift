import ConfigFile
import Glibc
import Input
import Logging
import Rotation
import Testing

@testable import Runtime

/// A touch script's `rotate` lines as the runtime reads them: the words are
/// `RotationRequest`'s, checked when the script is loaded, a bad one refused with the
/// file and line; the kiosk's touch timer wakes for a rotation and turns the show as
/// `ctl rotate` would.
@Suite(.serialized) struct TouchScriptRotationTests {
    static let allowed = "0, 90, 180, 270 or auto"

    @Test func eachWordMeansWhatCtlRotateTakes() throws {
        let script = try TouchScript.parseValidated(
            "0 rotate 0\n1 rotate 90\n2 rotate 180\n3 rotate 270\n4 rotate auto", path: "t.touch")
        #expect(
            script.rotations.map(\.request) == [
                .to(.upright), .to(.clockwise90), .to(.upsideDown), .to(.clockwise270), .auto,
            ])
        #expect(RotationRequest.allowedText == Self.allowed)
    }

    static let badWords: [(script: String, message: String)] = [
        ("0 rotate 45", "t.touch:1: rotate wants \(allowed), not \"45\""),
        ("0 tap 1 1\n\n# turn\n1 rotate -90", "t.touch:4: rotate wants \(allowed), not \"-90\""),
        ("0 rotate 90\n1 rotate AUTO\n2 rotate 7", "t.touch:2: rotate wants \(allowed), not \"AUTO\""),
        ("0 rotate 360", "t.touch:1: rotate wants \(allowed), not \"360\""),
        ("0 rotate +90", "t.touch:1: rotate wants \(allowed), not \"+90\""),
        ("0 rotate 90.0", "t.touch:1: rotate wants \(allowed), not \"90.0\""),
    ]

    /// The first bad word, by line, names the file and its line.
    @Test(arguments: badWords) func aBadWordIsRefusedWithItsFileAndLine(script: String, message: String) {
        do {
            _ = try TouchScript.parseValidated(script, path: "t.touch")
            Issue.record("accepted: \(script)")
        } catch {
            #expect(error.description == message)
            #expect(error.path == "t.touch")
        }
        // Input alone takes it: the word is the runtime's to judge.
        #expect((try? TouchScript.parse(script, path: "t.touch")) != nil)
    }

    @Test func loadingAFileChecksTheWords() throws {
        let path = "/tmp/vitrine-rotate-words-\(getpid()).touch"
        try FileIOHelper.write("0.5 tap 10 10\n1.0 rotate 90\n2.0 rotate sideways\n", to: path)
        defer { unlink(path) }
        do {
            _ = try TouchScript.loadValidated(path: path, panel: PanelSize(width: 64, height: 48))
            Issue.record("accepted")
        } catch {
            #expect(error.description == "\(path):3: rotate wants \(Self.allowed), not \"sideways\"")
        }
        // The renderer loads through it: a usage error with the file and line.
        var r = RenderRequest(width: 120, height: 120, times: .at([0]), outPath: "/tmp/x.png")
        r.touchPath = path
        #expect(throws: RenderError.touchScript(TouchScriptError(
            path: path, line: 3, fault: .unknownOrientation(word: "sideways", allowed: Self.allowed)))) {
            try HeadlessRenderer(r)
        }
        // And a script handed over already parsed is checked too.
        r.touchPath = nil
        r.touchScript = try TouchScript.parse("0 rotate 91", path: "given.touch")
        do {
            _ = try HeadlessRenderer(r)
            Issue.record("accepted")
        } catch {
            #expect(error.description == "given.touch:1: rotate wants \(Self.allowed), not \"91\"")
        }
    }

    /// `vitrine run --touch`'s script on a kiosk: the touch timer wakes for each `rotate`
    /// line (the script has no touch at all), which turns the kiosk as `ctl rotate` does
    /// (the launch resumes home, laid out for the new logical size), `auto` goes back to
    /// the mount; a word not checked at load (a script handed over unvalidated) is
    /// ignored with a warning. Real time, about 1.3 s.
    @Test func theKiosksTouchScriptTurnsIt() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 0.1
        settings.touchScript = try TouchScript.parse(
            "0.30 rotate 90\n0.50 rotate 45\n0.90 rotate auto\n", path: "turn.touch")
        let warnings = LogCollector()
        let kiosk = try Kiosk(
            settings: settings, display: display, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { _ in },
            logger: Logger(label: "test", factory: { _ in warnings }))
        kiosk.watchdogTimer.arm(after: 0.05, every: 0.05)
        try kiosk.frame(at: 0, force: true)
        kiosk.armTouch()
        kiosk.scheduleIfMoving()
        #expect(kiosk.scene.screen == "launch")
        // Until the turn to 90 is drawn (or the `auto` line at 0.9 s is due: a loop stalled
        // that long on a busy machine plays the lines together, and 90 is never drawn).
        var by = kiosk.now + 30  // a hang bound
        while kiosk.orientation != .clockwise90 && kiosk.now < 0.9 && kiosk.now < by { try kiosk.pollOnce() }
        if kiosk.now < 0.9 {
            #expect(kiosk.orientation == .clockwise90)
            #expect(kiosk.pipeline.logicalWidth == 96 && kiosk.pipeline.logicalHeight == 160)
            #expect(kiosk.scene.screen == "home", "the launch resumes home")
            #expect(display.front?.width == 160 && display.front?.height == 96, "the panel's pictures")
        }
        while kiosk.touchPlayer?.rotationPosition ?? 0 < 2 && kiosk.now < by { try kiosk.pollOnce() }
        #expect(warnings.lines.contains { $0.contains("turn.touch:2: rotate wants \(Self.allowed), not \"45\": ignored") })
        #expect(warnings.lines.contains { $0.contains("touch script: rotate 90: orientation 0 -> 90") })
        by = kiosk.now + 30
        while !(kiosk.touchPlayer?.isFinished == true && kiosk.orientation == .upright) && kiosk.now < by {
            try kiosk.pollOnce()
        }
        #expect(kiosk.orientation == .upright)
        #expect(kiosk.pipeline.logicalWidth == 160)
        #expect(kiosk.touchPlayer?.isFinished == true)
        #expect(display.violations == 0)
    }
}

/// Collects log lines (the message only) for a test.
final class LogCollector: LogHandler, @unchecked Sendable {
    private(set) var lines: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.message)")
    }
}
