import Glibc
import FixedPoint
import Raster
import Testing

@testable import Compositor

@Suite struct HomographyTests {
    /// The fixed-point destination-to-source matrix maps screen points back to the source
    /// points they came from, for pages anywhere on a 1080p screen.
    @Test(arguments: [0.0, 300, 960, 1500]) func projectiveInverseFitsAndIsAccurate(spineX: Double) throws {
        let page = Layer(bounds: Rect2D(x: 0, y: 0, width: 400, height: 600), position: Point2D(x: spineX, y: 540))
        page.anchorPoint = Point2D(x: 0, y: 0.5)
        page.transform = Transform3D.perspective(eyeDistance: 2000).rotated(angle: 1.0, x: 0, y: 1, z: 0)
        let h = page.localHomography
        let area = try #require(h.pixelBounds(of: page.bounds))
        let m = try #require(h.destinationToSource(over: area))
        for (u, v) in [(10.0, 10.0), (390.0, 20.0), (200.0, 300.0), (380.0, 590.0)] {
            let p = try #require(h.apply(Point2D(x: u, y: v)))
            let d = m.rowsAsDoubles
            let x = d[0][0] * p.x + d[0][1] * p.y + d[0][2]
            let y = d[1][0] * p.x + d[1][1] * p.y + d[1][2]
            let w = d[2][0] * p.x + d[2][1] * p.y + d[2][2]
            #expect(w > 0)
            #expect(abs(x / w - u) < 0.02 && abs(y / w - v) < 0.02, "(\(u), \(v)) came back as (\(x / w), \(y / w))")
        }
    }

    @Test func affineInverseIsExactOnItsBottomRow() throws {
        let h = Homography.translation(x: 100.5, y: 20) * Homography.scale(x: 2, y: 0.5)
        let m = try #require(h.destinationToSource(over: PixelRect(width: 300, height: 100)))
        #expect(m.m20 == .zero && m.m21 == .zero && m.m22 == .one)
        #expect(m.m00 == Fixed(0.5) && m.m11 == Fixed(2) && m.m02 == Fixed(-50.25) && m.m12 == Fixed(-40))
        #expect(Homography.scale(x: 0, y: 1).destinationToSource(over: PixelRect(width: 1, height: 1)) == nil)
    }

    @Test func flatteningFollowsCoreAnimation() {
        // A point at distance u right of a y-axis hinge, m34 = -1/2000, angle a:
        // w = 1 + u sin(a) / 2000 (the Architecture article), x = u cos(a) / w.
        let a = 0.7, u = 300.0
        let t = Transform3D.perspective(eyeDistance: 2000).rotated(angle: a, x: 0, y: 1, z: 0)
        let (x, _, w) = t.flattened.applyHomogeneous(x: u, y: 0)
        #expect(abs(w - (1 + u * sin(a) / 2000)) < 1e-12)
        #expect(abs(x - u * cos(a)) < 1e-12)
        // -15 degrees about z turns content counter-clockwise: (1, 0) goes up (y < 0).
        let r = Transform3D.rotation(angle: -15 * Double.pi / 180, x: 0, y: 0, z: 1).flattened
        #expect(r.applyHomogeneous(x: 1, y: 0).y < 0)
    }
}
