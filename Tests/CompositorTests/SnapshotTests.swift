import Raster
import Testing

@testable import Compositor

/// `Layer.showSnapshot(of:in:)`: a subtree drawn into a picture by the next render.
@Suite struct SnapshotTests {
    /// A 100x60 screen: a blue backdrop holding a red square at (10, 10), a green one
    /// at (60, 30) inside a container moved by (5, 0).
    func scene() -> (Compositor, source: Layer, red: Layer) {
        let c = Compositor(width: 100, height: 60, paintThreads: 0)
        let source = Layer(
            name: "source", frame: Rect2D(x: 0, y: 0, width: 100, height: 60), contents: .color(0xff00_00ff))
        let red = Layer(name: "red", frame: Rect2D(x: 10, y: 10, width: 20, height: 20), contents: .color(0xffff_0000))
        let box = Layer(name: "box", frame: Rect2D(x: 5, y: 0, width: 95, height: 60))
        box.addSublayer(
            Layer(name: "green", frame: Rect2D(x: 55, y: 30, width: 10, height: 10), contents: .color(0xff00_ff00)))
        source.addSublayer(red)
        source.addSublayer(box)
        c.root.addSublayer(source)
        return (c, source, red)
    }

    /// The snapshot is drawn by the next render, in screen space, though the source is
    /// hidden by then; it shows what the source was, not what it becomes; the layer
    /// showing it is drawn with it (split halves share the picture).
    @Test func snapshotIsDrawnAtTheNextRender() throws {
        let (c, source, red) = scene()
        let target = try Surface(width: 100, height: 60, format: .xrgb8888)
        _ = try c.render(into: target, bufferAge: 0)
        let picture = try Surface(width: 100, height: 60, format: .xrgb8888)
        let top = Layer(name: "top", frame: Rect2D(x: 0, y: 0, width: 100, height: 30))
        top.masksToBounds = true
        let topImage = Layer(name: "topImage", frame: Rect2D(x: 0, y: 0, width: 100, height: 60))
        top.addSublayer(topImage)
        let bottom = Layer(name: "bottom", frame: Rect2D(x: 0, y: 40, width: 100, height: 30))
        bottom.masksToBounds = true
        let bottomImage = Layer(
            name: "bottomImage", frame: Rect2D(x: 0, y: -30, width: 100, height: 60), contents: .image(picture))
        bottom.addSublayer(bottomImage)
        topImage.showSnapshot(of: source, in: picture)
        #expect(topImage.isSnapshotPending)
        source.isHidden = true
        c.root.addSublayer(top)
        c.root.addSublayer(bottom)
        let stats = try c.render(into: target, bufferAge: 1)
        #expect(stats.snapshots == 1)
        #expect(!topImage.isSnapshotPending)
        #expect(picture[15, 15] == 0xffff_0000 && picture[65, 35] == 0xff00_ff00 && picture[0, 59] == 0xff00_00ff)
        #expect(picture[55, 35] == 0xff00_00ff)  // the green square moved with its container
        #expect(target[15, 15] == 0xffff_0000)  // the top half, in place
        #expect(target[65, 45] == 0xff00_ff00)  // the bottom half, 10 down
        #expect(target[50, 35] == 0xff00_0000)  // the gap: the clear colour
        // Later changes to the source don't reach the picture; nothing is drawn again.
        red.contents = .color(0xffff_ffff)
        source.isHidden = false
        source.isHidden = true
        let again = try c.render(into: target, bufferAge: 1)
        #expect(again.snapshots == 0)
        #expect(picture[15, 15] == 0xffff_0000)
        // Back: the source shows again, whole, with its change.
        top.removeFromSuperlayer()
        bottom.removeFromSuperlayer()
        source.isHidden = false
        _ = try c.render(into: target, bufferAge: 1)
        #expect(target[15, 15] == 0xffff_ffff && target[50, 35] == 0xff00_00ff && target[65, 35] == 0xff00_ff00)
    }

    /// A snapshot asked for again into the same picture redraws it and repaints the
    /// layer showing it; a hidden layer's snapshot waits until it is drawn.
    @Test func snapshotAgainRepaintsTheLayer() throws {
        let (c, source, red) = scene()
        let target = try Surface(width: 100, height: 60, format: .xrgb8888)
        let picture = try Surface(width: 100, height: 60, format: .xrgb8888)
        let shown = Layer(name: "shown", frame: Rect2D(x: 0, y: 0, width: 100, height: 60))
        shown.isHidden = true
        c.root.addSublayer(shown)
        shown.showSnapshot(of: source, in: picture)
        #expect(try c.render(into: target, bufferAge: 0).snapshots == 0)
        #expect(shown.isSnapshotPending)
        shown.isHidden = false
        #expect(try c.render(into: target, bufferAge: 1).snapshots == 1)
        #expect(target[15, 15] == 0xffff_0000)
        red.contents = .color(0xff80_8080)
        shown.showSnapshot(of: source, in: picture)
        let stats = try c.render(into: target, bufferAge: 1)
        #expect(stats.snapshots == 1)
        #expect(stats.repaintedPixels == 100 * 60)
        #expect(target[15, 15] == 0xff80_8080)
    }

    /// A snapshot in an ancestor's space (`relativeTo:`): the source's parent is off
    /// screen (a screen sliding in from the left), yet the picture holds the source as
    /// it lies in that parent; in screen space the same snapshot holds nothing of it.
    @Test func snapshotInAnAncestorsSpaceIgnoresWhereThatAncestorIs() throws {
        let c = Compositor(width: 100, height: 60, paintThreads: 0)
        let screen = Layer(name: "screen", frame: Rect2D(x: -100, y: 0, width: 100, height: 60))
        let source = Layer(
            name: "source", frame: Rect2D(x: 0, y: 0, width: 100, height: 60), contents: .color(0xff00_00ff))
        source.addSublayer(
            Layer(name: "red", frame: Rect2D(x: 10, y: 10, width: 20, height: 20), contents: .color(0xffff_0000)))
        screen.addSublayer(source)
        c.root.addSublayer(screen)
        let target = try Surface(width: 100, height: 60, format: .xrgb8888)
        let inScreen = try Surface(width: 100, height: 60, format: .xrgb8888)
        let inParent = try Surface(width: 100, height: 60, format: .xrgb8888)
        let a = Layer(name: "a", frame: Rect2D(x: 0, y: 0, width: 100, height: 60))
        let b = Layer(name: "b", frame: Rect2D(x: 0, y: 0, width: 100, height: 60))
        c.root.addSublayer(a)
        c.root.addSublayer(b)
        a.showSnapshot(of: source, in: inScreen)
        b.showSnapshot(of: source, in: inParent, relativeTo: screen)
        #expect(try c.render(into: target, bufferAge: 0).snapshots == 2)
        #expect(inParent[15, 15] == 0xffff_0000 && inParent[50, 40] == 0xff00_00ff)
        #expect(inScreen[15, 15] == 0xff00_0000 && inScreen[50, 40] == 0xff00_0000)
    }
}
