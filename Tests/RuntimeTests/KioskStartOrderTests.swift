import ConfigFile
import Logging
import Testing
import VitrineTestSupport

@testable import Runtime

/// What a start does after the first frame, in order: READY=1 (systemd's "the frame is
/// on screen") comes before the input devices are opened, so a restart's frame never
/// waits for their enumeration; the watchdog is pinged after them.
@Suite struct KioskStartOrderTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A box the closures below share.
    final class Events { var lines: [String] = [] }

    @Test func theInputDevicesOpenAfterReady() throws {
        let display = try FlipPacedDisplay(width: 160, height: 96)
        let events = Events()
        var settings = KioskSettings(mount: .upright, idleReset: 0)
        settings.watchdogInterval = 5
        let kiosk = try Kiosk(
            settings: settings, display: display,
            openInput: {
                events.lines.append("open input")
                return nil
            }, signals: SignalFD(),
            loadProgram: { () throws(ConfigError) in try ShowPlayback.load(folder: nil) },
            textRasterizer: nil, notify: { events.lines.append($0) }, logger: Self.quiet)
        #expect(events.lines.isEmpty, "nothing opened or told before the first frame")
        try kiosk.frame(at: 0, force: true)
        #expect(events.lines.isEmpty)
        kiosk.start(firstFrameSeconds: 0)
        let ready = events.lines.firstIndex(of: "READY=1"), opened = events.lines.firstIndex(of: "open input")
        #expect(ready != nil && opened != nil && ready! < opened!, "\(events.lines)")
        #expect(events.lines.filter { $0 == "open input" }.count == 1)
        #expect(events.lines.last == "WATCHDOG=1" && events.lines.lastIndex(of: "WATCHDOG=1")! > opened!)
        #expect(kiosk.input == nil && kiosk.openInput == nil, "tried once; nothing to open here")
    }
}
