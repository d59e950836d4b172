import Assets
import Raster
import Show

/// Text on the demo pictures, through Assets' TextEngine (DejaVu Sans). A font that
/// cannot be loaded leaves the text out and is remembered (`fontError`), so the
/// picture still draws and the owner can warn once.
final class DemoTextPainter {
    let engine: TextEngine
    private(set) var fontError: FontError?

    init(engine: TextEngine = TextEngine()) { self.engine = engine }

    /// `text` set in a `width` x `height` box whose top-left is (x, y) on `canvas`;
    /// returns the height the text used (0 when it was left out).
    @discardableResult
    func draw(
        _ text: String, on canvas: DemoCanvas, x: Int, y: Int, width: Int, height: Int, style: TextStyle
    ) -> Int {
        do {
            let layout = try engine.layout(text, style: style, width: width, height: height)
            try? engine.draw(layout, into: canvas.surface, x: x, y: y)  // demo surfaces are 32-bit
            return layout.usedHeight
        } catch {
            if fontError == nil { fontError = error }
            return 0
        }
    }

    /// Paragraphs stacked from `y` down, `gap` pixels apart, as far as they fit above
    /// `bottom`; returns the y below the last one drawn.
    @discardableResult
    func paragraphs(
        _ paragraphs: [String], on canvas: DemoCanvas, x: Int, y: Int, width: Int, bottom: Int, gap: Int,
        style: TextStyle
    ) -> Int {
        var top = y
        for p in paragraphs where top < bottom {
            top += draw(p, on: canvas, x: x, y: top, width: width, height: bottom - top, style: style) + gap
        }
        return top
    }
}
