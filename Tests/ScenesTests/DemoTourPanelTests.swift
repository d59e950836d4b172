import Input
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The demo tour's points are on the panel it is made for, so a render that checks a
/// script against its panel (`TouchScript.parse(_:path:panel:)`) takes the tour, at
/// every mount and from the smallest supported panel to the largest bars.
@Suite struct DemoTourPanelTests {
    @Test(arguments: [0, 90, 180, 270]) func tourPointsAreOnThePanel(mount: Int) throws {
        for (w, h) in [(120, 120), (800, 480), (480, 800), (1920, 1080), (8192, 120), (120, 8192)] {
            let script = DemoTour.script(show: DemoShow.show, panel: MountedPanel(mount: mount, width: w, height: h).tour)
            do {
                _ = try TouchScript.parse(script, path: "tour.touch", panel: PanelSize(width: w, height: h))
            } catch {
                Issue.record("\(w)x\(h) at \(mount): \(error)")
            }
        }
    }
}
