import Raster
@testable import ShowDemo
import Testing
import VitrineTestSupport

@testable import Show

/// Golden images of demo pictures, drawn small (the same design at a quarter to half
/// size) so the goldens stay small and the tests quick.
@Suite struct DemoGoldenTests {
    static let goldens = GoldenImage.directory()

    struct Case: CustomTestStringConvertible, Sendable {
        let path: AssetPath
        let width: Int
        let height: Int
        let name: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(path: "launch/left-p.png", width: 135, height: 480, name: "demo_door_left_portrait_135x480"),
        Case(path: "books/atlas/cover.jpg", width: 200, height: 300, name: "demo_cover_atlas_200x300"),
        Case(path: "people/mira.jpg", width: 120, height: 120, name: "demo_portrait_mira_120x120"),
        Case(path: "books/glass/4.jpg", width: 300, height: 400, name: "demo_page_glass_4_300x400"),
        Case(path: "icons/people.png", width: 80, height: 80, name: "demo_icon_people_80x80"),
    ]

    @Test(arguments: cases)
    func golden(_ c: Case) throws {
        let picture = try #require(DemoPicture(path: c.path))
        let surface = picture.draw(text: DemoTextPainter(), width: c.width, height: c.height)
        #expect((surface.width, surface.height) == (c.width, c.height))
        try assertGolden(surface, named: c.name, in: Self.goldens)
    }
}
