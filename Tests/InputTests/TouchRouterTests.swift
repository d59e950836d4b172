import FixedPoint
import Testing
@testable import Input

@Suite struct TouchRouterTests {
    /// A router over the fake home screen, and a log of what the recognizers did.
    final class Rig {
        let tester = FakeHitTester.home()
        let router: TouchRouter<FakeHitTester>
        var log: [String] = []
        var nextID: UInt64 = 1

        init() {
            router = TouchRouter(hitTester: tester)
        }

        func tap(_ name: String, on target: String) -> TapRecognizer {
            let r = TapRecognizer { [unowned self] _ in log.append("\(name) tap") }
            router.attach(r, to: target)
            return r
        }

        func pan(_ name: String, on target: String) -> PanRecognizer {
            let r = PanRecognizer { [unowned self] in log.append("\(name) pan \($0.state)") }
            router.attach(r, to: target)
            return r
        }

        func longPress(_ name: String, on target: String) -> LongPressRecognizer {
            let r = LongPressRecognizer { [unowned self] in log.append("\(name) press \($0.state)") }
            router.attach(r, to: target)
            return r
        }

        func finger() -> Finger {
            defer { nextID += 1 }
            return Finger(nextID)
        }

        /// A quick tap at (x, y) at `time`.
        func tapAt(_ x: Double, _ y: Double, at time: Double = 0) {
            let f = finger()
            router.handle(f.down(x, y, at: time))
            router.handle(f.up(at: time + 0.1))
        }

        /// A drag from (x, y) by (dx, dy) over 0.2 s, then the lift.
        func dragAt(_ x: Double, _ y: Double, by dx: Double, _ dy: Double, at time: Double = 0) {
            let f = finger()
            let last = drag(f, from: Point2D(x: x, y: y), velocity: Point2D(x: dx * 5, y: dy * 5), start: time, duration: 0.2) {
                router.handle($0)
            }
            router.handle(f.up(at: last))
        }
    }

    @Test func aTouchGoesToItsTargetAndItsAncestorsOnly() {
        let rig = Rig()
        _ = rig.tap("icon", on: "icon")
        _ = rig.tap("other", on: "other")
        let homePan = rig.pan("home", on: "home")
        homePan.allowsSimultaneousRecognition = true
        rig.tapAt(120, 120)
        #expect(rig.log == ["icon tap"])
        rig.log.removeAll()
        rig.dragAt(120, 120, by: 100, 0)
        #expect(rig.log.first == "home pan began")
        #expect(rig.log.last == "home pan ended")
        #expect(!rig.log.contains("other tap"))
    }

    @Test func aTouchBelongsToTheTargetItStartedOn() {
        let rig = Rig()
        let iconPan = rig.pan("icon", on: "icon")
        _ = rig.pan("other", on: "other")
        rig.dragAt(120, 120, by: 250, 0)  // ends over "other"
        #expect(rig.log.allSatisfy { $0.hasPrefix("icon pan") })
        #expect(iconPan.state == .ended)
        #expect(iconPan.translation.x == 250)
    }

    @Test func aTouchOnNothingWithRecognizersIsDropped() {
        let rig = Rig()
        _ = rig.tap("icon", on: "icon")
        let f = rig.finger()
        rig.router.handle(f.down(700, 50, at: 0))
        #expect(rig.router.activeTouchCount == 0)
        rig.router.handle(f.up(at: 0.1))
        #expect(rig.log.isEmpty)
    }

    // MARK: Conflicts

    @Test func aPanPastItsSlopFailsTheTapAndTheLongPress() {
        let rig = Rig()
        let tap = rig.tap("icon", on: "icon")
        let press = rig.longPress("icon", on: "icon")
        _ = rig.pan("icon", on: "icon")
        rig.dragAt(120, 120, by: 0, 100)
        #expect(tap.state == .failed)
        #expect(press.state == .failed)
        #expect(rig.log.first == "icon pan began")
        #expect(!rig.log.contains("icon tap"))
    }

    @Test func aLongPressFiringFailsThePan() {
        let rig = Rig()
        let tap = rig.tap("icon", on: "icon")
        _ = rig.longPress("icon", on: "icon")
        let pan = rig.pan("icon", on: "icon")
        let f = rig.finger()
        rig.router.handle(f.down(120, 120, at: 1))
        #expect(rig.router.nextDeadline == 1.5)
        rig.router.tick(time: 1.4)
        #expect(rig.log.isEmpty)
        rig.router.tick(time: 1.5)
        #expect(rig.log == ["icon press began"])
        #expect(pan.state == .failed)
        #expect(tap.state == .failed)
        #expect(rig.router.nextDeadline == nil)
        rig.router.handle(f.move(220, 120, at: 1.6))
        rig.router.handle(f.up(at: 1.7))
        #expect(rig.log == ["icon press began", "icon press changed", "icon press ended"])
    }

    @Test func aQuickTapWins() {
        let rig = Rig()
        _ = rig.tap("icon", on: "icon")
        let press = rig.longPress("icon", on: "icon")
        let pan = rig.pan("icon", on: "icon")
        rig.tapAt(120, 120)
        #expect(rig.log == ["icon tap"])
        #expect(press.state == .failed)
        #expect(pan.state == .failed)
    }

    @Test func theDeeperTargetWinsATie() {
        let rig = Rig()
        let homeTap = rig.tap("home", on: "home")
        _ = rig.tap("icon", on: "icon")
        rig.tapAt(120, 120)
        #expect(rig.log == ["icon tap"])
        #expect(homeTap.state == .failed)
        rig.log.removeAll()
        rig.tapAt(600, 400)
        #expect(rig.log == ["home tap"])
    }

    @Test func simultaneousRecognizersDoNotFailEachOther() {
        let rig = Rig()
        let homePan = rig.pan("home", on: "home")
        let iconPan = rig.pan("icon", on: "icon")
        homePan.allowsSimultaneousRecognition = true
        rig.dragAt(120, 120, by: 50, 0)
        #expect(homePan.state == .ended)
        #expect(iconPan.state == .ended)
        #expect(rig.log.filter { $0.hasSuffix("began") } == ["icon pan began", "home pan began"])
    }

    @Test func twoFingersOnTwoTargetsAreIndependent() {
        let rig = Rig()
        let iconPan = rig.pan("icon", on: "icon")
        let otherTap = rig.tap("other", on: "other")
        let a = rig.finger(), b = rig.finger()
        rig.router.handle(a.down(120, 120, at: 0))
        rig.router.handle(b.down(320, 120, at: 0.01))
        rig.router.handle(a.move(170, 120, at: 0.05))
        rig.router.handle(b.up(at: 0.08))
        rig.router.handle(a.up(at: 0.1))
        #expect(otherTap.state == .ended)
        #expect(iconPan.state == .ended)
        #expect(rig.log == ["icon pan began", "other tap", "icon pan ended"])
    }

    // MARK: Switching off, detaching

    @Test func switchingInputOffCancelsTouchesAndDropsNewOnes() {
        let rig = Rig()
        _ = rig.pan("home", on: "home")
        let tap = rig.tap("icon", on: "icon")
        let a = rig.finger()
        rig.router.handle(a.down(500, 300, at: 0))
        rig.router.handle(a.move(560, 300, at: 0.05))
        rig.router.setEnabled(false, time: 0.07)
        #expect(rig.log == ["home pan began", "home pan cancelled"])
        #expect(rig.router.activeTouchCount == 0)
        rig.router.handle(a.move(600, 300, at: 0.1))
        rig.router.handle(a.up(at: 0.2))
        // A touch during the doors is ignored, not queued, even across switching on.
        let b = rig.finger()
        rig.router.handle(b.down(120, 120, at: 0.3))
        rig.router.setEnabled(true, time: 0.35)
        rig.router.handle(b.up(at: 0.4))
        #expect(tap.state == .possible)
        #expect(rig.log == ["home pan began", "home pan cancelled"])
        rig.tapAt(120, 120, at: 1)
        #expect(rig.log.last == "icon tap")
    }

    @Test func detachingAFollowingRecognizerCancelsItsGesture() {
        let rig = Rig()
        let pan = rig.pan("home", on: "home")
        let f = rig.finger()
        rig.router.handle(f.down(500, 300, at: 0))
        rig.router.handle(f.move(600, 300, at: 0.05))
        rig.router.detach(pan)
        #expect(rig.log == ["home pan began", "home pan cancelled"])
        #expect(rig.router.recognizers(on: "home").isEmpty)
        rig.router.handle(f.up(at: 0.1))
        #expect(pan.state == .cancelled)
        rig.dragAt(500, 300, by: 100, 0, at: 1)
        #expect(rig.log.count == 2)
    }

    @Test func actionsMayDetachAndSwitchInputOffMidDelivery() {
        let rig = Rig()
        let press = rig.longPress("icon", on: "icon")
        let pan = rig.pan("home", on: "home")
        pan.allowsSimultaneousRecognition = true
        let tap = TapRecognizer()
        tap.action = { [unowned rig] t in
            // Opening a book: this scene's recognizers go, input goes off for the move.
            rig.router.detachAll(from: "icon")
            rig.router.detach(t)
            rig.router.setEnabled(false, time: 0.1)
            rig.log.append("opened")
        }
        rig.router.attach(tap, to: "icon")
        rig.router.attach(tap, to: "icon")  // twice: a no-op
        #expect(rig.router.recognizers(on: "icon").count == 2)
        rig.tapAt(120, 120)
        #expect(rig.log == ["opened"])
        #expect(press.trackedTouch == nil && pan.trackedTouch == nil)
        #expect(rig.router.activeTouchCount == 0)
        #expect(rig.router.recognizers(on: "icon").isEmpty)
    }

    @Test func cancelAllCancelsEveryTouchOnce() {
        let rig = Rig()
        _ = rig.pan("icon", on: "icon")
        _ = rig.pan("other", on: "other")
        let a = rig.finger(), b = rig.finger()
        rig.router.handle(a.down(120, 120, at: 0))
        rig.router.handle(b.down(320, 120, at: 0))
        rig.router.handle(a.move(140, 120, at: 0.1))
        rig.router.handle(b.move(340, 120, at: 0.1))
        rig.router.cancelAll(time: 0.2)
        rig.router.cancelAll(time: 0.3)
        #expect(rig.log == ["icon pan began", "other pan began", "icon pan cancelled", "other pan cancelled"])
    }

    @Test func aLongPressActionMaySwitchInputOffDuringATick() {
        let rig = Rig()
        let press = LongPressRecognizer()
        press.action = { [unowned rig] p in
            rig.log.append("press \(p.state)")
            if p.state == .began { rig.router.setEnabled(false, time: 0.5) }
        }
        rig.router.attach(press, to: "icon")
        _ = rig.longPress("other", on: "other")
        let a = rig.finger(), b = rig.finger()
        rig.router.handle(a.down(120, 120, at: 0))
        rig.router.handle(b.down(320, 120, at: 0))
        rig.router.tick(time: 0.5)
        // The icon's press fired and switched input off, cancelling both touches: the
        // other press never began.
        #expect(rig.log == ["press began", "press cancelled"])
        #expect(rig.router.activeTouchCount == 0)
        #expect(rig.router.nextDeadline == nil)
    }
}
