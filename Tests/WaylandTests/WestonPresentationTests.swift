import Display
import Glibc
import Raster
import Testing
import VitrineTestSupport

@testable import Wayland

/// weston 10 offers wp_presentation (its headless backend on CLOCK_MONOTONIC_RAW): each
/// frame's `frameShown` carries the time weston says it was presented, moved onto the
/// kiosk's CLOCK_MONOTONIC, not the time its frame callback was read, so the kiosk's
/// clock steps to the output's repaints (presentation feedback, where offered, gives the
/// frame's presentation time to the clock).
@Suite(.serialized, .enabled(if: Weston.isInstalled, "weston 10 and weston-screenshooter are not installed"))
struct WestonPresentationTests {
    @Test func eachFrameShownCarriesItsPresentationTime() throws {
        let weston = try Weston(name: "presentation")
        let window = try WaylandDisplay.open(
            .init(width: 800, height: 480, fullscreen: true, configureTimeout: 30, socket: weston.runtime + "/" + weston.socket))
        #expect(window.presentationClock != nil, "weston offers wp_presentation")
        // The first frame maps the window: weston discards its feedback (the frame is
        // then timed when its callback is read).
        try draw(window)
        try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
        var shown: [Double] = []
        for _ in 0..<3 {
            let committed = ChildProcess.now
            try draw(window)
            let events = try pump(window) { $0.contains { if case .frameShown = $0 { true } else { false } } }
            let read = ChildProcess.now
            for case .frameShown(let vblank) in events {
                // The feedback's own time: after the commit, before the event was read,
                // and exactly the one the feedback gave.
                #expect(vblank == window.lastPresented, "the frame's time is the presentation feedback's")
                #expect(vblank >= committed && vblank <= read, "presented at \(vblank), committed \(committed), read \(read)")
                shown.append(vblank)
            }
        }
        #expect(shown.count == 3 && shown == shown.sorted() && Set(shown).count == 3, "one time per frame, rising: \(shown)")
    }
}
