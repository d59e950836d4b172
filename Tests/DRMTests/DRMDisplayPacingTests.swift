import Display
import Raster
import Testing

@testable import DRM

/// Drivers without a vblank interrupt complete flips at once: the display holds the
/// event back until a refresh period has passed since the frame before.
@Suite struct DRMDisplayPacingTests {
    @Test func flipsThatCompleteAtOnceAreReportedAPeriodApart() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        let timer = d.eventDescriptors.last!
        let period = 1 / d.refreshRate
        let first = try d.acquire()
        try d.present(first, damage: [])  // the modeset
        // The first flip after a modeset is reported as it comes (the modeset's vblank
        // isn't known), at clock 100.
        var shown: [Double] = []
        let second = try d.acquire()
        try d.present(second, damage: [])
        card.completeFlipsAtOnce()
        try d.handleEvents(on: card.descriptor) { if case .frameShown(let t) = $0 { shown.append(t) } }
        #expect(shown == [100] && !d.isFlipPending)
        for _ in 0..<3 {
            let b = try d.acquire()
            try d.present(b, damage: [])
            card.completeFlipsAtOnce()
            try d.handleEvents(on: card.descriptor) { if case .frameShown(let t) = $0 { shown.append(t) } }
            // Too early: still pending, the timer set for the end of the period.
            #expect(d.isFlipPending)
            try d.handleEvents(on: timer) { if case .frameShown(let t) = $0 { shown.append(t) } }
            #expect(d.isFlipPending)  // the timer fired early (here: read before it was due)
            card.clock += period
            try d.handleEvents(on: timer) { if case .frameShown(let t) = $0 { shown.append(t) } }
            #expect(!d.isFlipPending)
        }
        #expect(shown.count == 4)
        for (i, t) in shown.enumerated() { #expect(abs(t - (100 + Double(i) * period)) < 1e-9) }
    }

    @Test func aFlipThatTookAPeriodIsReportedAtOnce() throws {
        let card = Fixture.card()
        let d = try DRMDisplay.open(DRMSettings(), log: .silent, system: FakeSystem(card))
        try DRMDisplayFrameTests.frame(d, card)
        let b = try d.acquire()
        try d.present(b, damage: [])
        card.clock += 0.8 / d.refreshRate
        card.completeFlipsAtOnce()
        var events: [DisplayEvent] = []
        try d.handleEvents(on: card.descriptor) { events.append($0) }
        #expect(events == [.frameShown(vblank: card.clock)])
    }
}
