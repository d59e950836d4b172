import FixedPoint
import Testing
@testable import Input

/// The folder of the seed: once open it is the only thing taking touches; a tap outside
/// closes it (folder-reveal.txt).
@Suite struct ModalCaptureTests {
    final class Home {
        let tester = FakeHitTester.home()
        let router: TouchRouter<FakeHitTester>
        var log: [String] = []
        var nextID: UInt64 = 1

        init() {
            router = TouchRouter(hitTester: tester)
            let iconTap = TapRecognizer { [unowned self] _ in
                log.append("icon tap")
                openFolder()
            }
            router.attach(iconTap, to: "icon")
            router.attach(TapRecognizer { [unowned self] _ in log.append("tile tap") }, to: "tile")
            router.attach(PanRecognizer { [unowned self] in log.append("home pan \($0.state)") }, to: "home")
            router.attach(TapRecognizer { [unowned self] _ in log.append("screen tap") }, to: "screen")
        }

        func openFolder() {
            tester.setHidden("folder", false)
            let close = TapRecognizer { [unowned self] _ in
                log.append("outside tap")
                tester.setHidden("folder", true)
                router.endModal()
            }
            router.beginModal("folder", outside: [close]) { [unowned self] u in
                log.append("outside \(u.phase)")
            }
        }

        func tapAt(_ x: Double, _ y: Double, at time: Double = 0) {
            let f = Finger(nextID)
            nextID += 1
            router.handle(f.down(x, y, at: time))
            router.handle(f.up(at: time + 0.1))
        }
    }

    @Test func anOpenFolderTakesTheTouchesThatStartInsideIt() {
        let home = Home()
        home.tapAt(120, 120)
        #expect(home.log == ["icon tap"])
        #expect(home.router.modalTarget == "folder")
        home.log.removeAll()
        home.tapAt(120, 270)  // the tile
        #expect(home.log == ["tile tap"])
        home.log.removeAll()
        home.tapAt(400, 300)  // the folder's background: nothing there, and not the screen beneath
        #expect(home.log.isEmpty)
    }

    @Test func aTapOutsideClosesTheFolderAndReachesNothingBeneath() {
        let home = Home()
        home.tapAt(120, 120)
        home.log.removeAll()
        home.tapAt(120, 120, at: 1)  // on the icon, outside the folder
        #expect(home.log == ["outside began", "outside tap", "outside ended"])
        #expect(home.router.modalTarget == nil)
        home.log.removeAll()
        home.tapAt(120, 120, at: 2)  // closed: the icon works again
        #expect(home.log == ["icon tap"])
    }

    @Test func aDragOutsideDoesNotPanWhatIsBeneath() {
        let home = Home()
        home.tapAt(120, 120)
        home.log.removeAll()
        let f = Finger(99)
        let last = drag(f, from: Point2D(x: 600, y: 50), velocity: Point2D(x: -500, y: 0), start: 1, duration: 0.2) {
            home.router.handle($0)
        }
        home.router.handle(f.up(at: last))
        #expect(!home.log.contains { $0.hasPrefix("home pan") })
        #expect(home.log.first == "outside began")
        #expect(home.log.last == "outside ended")
        #expect(home.router.modalTarget == "folder", "a drag is not a tap: the folder stays open")
    }

    @Test func aTouchInFlightKeepsItsRouteWhenTheModalBegins() {
        let home = Home()
        let f = Finger(50)
        home.router.handle(f.down(600, 50, at: 0))
        home.openFolder()
        home.router.handle(f.move(700, 50, at: 0.1))
        home.router.handle(f.up(at: 0.2))
        #expect(home.log == ["home pan began", "home pan ended"])
    }

    @Test func modalsNest() {
        let home = Home()
        home.tapAt(120, 120)
        home.router.beginModal("tile")
        home.log.removeAll()
        home.tapAt(120, 270)
        #expect(home.log == ["tile tap"])
        home.log.removeAll()
        home.tapAt(400, 300)  // inside the folder, outside the tile: the inner modal decides
        #expect(home.log.isEmpty)
        home.router.endModal()
        #expect(home.router.modalTarget == "folder")
        home.router.endModal()
        home.router.endModal()  // none left: a no-op
        #expect(home.router.modalTarget == nil)
    }
}
