import FixedPoint

@testable import Input

/// A tiny stand-in for the compositor's hit testing: named axis-aligned rectangles in
/// logical points, back to front, each with a parent; hidden ones (and those under a
/// hidden parent) take no touches. (Transforms are the compositor's business: see
/// `LayerTreeHitTesterTests` for the tree walk with transforms.)
final class FakeHitTester: HitTesting {
    struct Rect {
        var id: String
        var parent: String?
        var x, y, width, height: Double
        var isHidden = false
    }

    /// Back to front: later rectangles are on top.
    var rects: [Rect]

    init(_ rects: [Rect]) {
        self.rects = rects
    }

    func rect(_ id: String) -> Rect? { rects.first { $0.id == id } }

    func setHidden(_ id: String, _ hidden: Bool) {
        if let i = rects.firstIndex(where: { $0.id == id }) { rects[i].isHidden = hidden }
    }

    func isVisible(_ r: Rect) -> Bool {
        var next: Rect? = r
        while let n = next {
            if n.isHidden { return false }
            next = n.parent.flatMap(rect)
        }
        return true
    }

    func hitTest(_ p: Point2D) -> String? {
        rects.last { r in
            isVisible(r) && p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height
        }?.id
    }

    func parent(of target: String) -> String? {
        rect(target)?.parent
    }

    /// A home screen with an icon, and a folder (hidden until opened) holding a tile, on
    /// an 800x480 screen:
    ///
    ///     screen (0,0 800x480)
    ///       home (0,0 800x480)
    ///         icon (100,100 80x80)
    ///         other (300,100 80x80)
    ///       folder (50,200 700x200, hidden)
    ///         tile (100,250 80x80)
    static func home() -> FakeHitTester {
        FakeHitTester([
            Rect(id: "screen", parent: nil, x: 0, y: 0, width: 800, height: 480),
            Rect(id: "home", parent: "screen", x: 0, y: 0, width: 800, height: 480),
            Rect(id: "icon", parent: "home", x: 100, y: 100, width: 80, height: 80),
            Rect(id: "other", parent: "home", x: 300, y: 100, width: 80, height: 80),
            Rect(id: "folder", parent: "screen", x: 50, y: 200, width: 700, height: 200, isHidden: true),
            Rect(id: "tile", parent: "folder", x: 100, y: 250, width: 80, height: 80),
        ])
    }
}
