import Testing
@testable import Input

/// A script played through the tracker and the router, as `vitrine render --touch`
/// will: the events up to each frame's time, then a tick.
@Suite struct TouchPipelineTests {
    @Test func aScriptedTourThroughTheWholePipeline() throws {
        let script = try TouchScript.parse(
            """
            0.5  tap  140 140              # open the folder (the icon)
            1.0  tap  130 280              # the tile inside it
            1.5  tap  600 50               # outside: closes the folder
            2.0  swipe 700 240 100 240 0.3 # home: swipe left
            3.0  longpress 320 120 0.8     # hold "other"
            """, path: "tour.touch")
        let tester = FakeHitTester.home()
        let router = TouchRouter(hitTester: tester)
        var log: [String] = []
        router.attach(
            TapRecognizer { _ in
                log.append("open")
                tester.setHidden("folder", false)
                router.beginModal("folder", outside: [TapRecognizer { _ in
                    log.append("close")
                    tester.setHidden("folder", true)
                    router.endModal()
                }])
            }, to: "icon")
        router.attach(TapRecognizer { log.append("tile at \($0.location)") }, to: "tile")
        router.attach(SwipeRecognizer { log.append("swipe \($0.direction!)") }, to: "home")
        router.attach(LongPressRecognizer { log.append("press \($0.state) at \($0.recognitionTime)") }, to: "other")

        let tracker = TouchTracker(panelSize: PanelSize(width: 800, height: 480), toLogical: unrotated)
        var player = TouchScript.Player(script)
        for frame in 0...(5 * 60) {
            let t = Double(frame) / 60
            for e in player.advance(to: t) { tracker.handle(e) { router.handle($0) } }
            router.tick(time: t)
        }
        #expect(player.isFinished)
        #expect(
            log == [
                "open", "tile at (130.0, 280.0)", "close", "swipe left", "press began at 3.5", "press ended at 3.5",
            ])
        #expect(tracker.activeTouchCount == 0)
        #expect(router.activeTouchCount == 0)
    }
}
