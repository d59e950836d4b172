import Compositor

/// The menu button's glyph: three white bars centred in a square button (the home
/// screen's and the book's), sized from the button's side.
enum MenuGlyph {
    /// Adds the three bars to `button` (a square of side `side` points), named
    /// `<prefix>.bar0`...`bar2`; they take no touches (the button does).
    static func addBars(to button: Layer, side s: Double, namePrefix: String) {
        let barHeight = Swift.max(2, (s * 0.1).rounded())
        let barWidth = (s * 0.56).rounded()
        for k in 0..<3 {
            let y = (s / 2 + Double(k - 1) * (s * 0.2).rounded() - barHeight / 2).rounded(.down)
            let bar = Layer(
                name: "\(namePrefix).bar\(k)",
                frame: Rect2D(x: ((s - barWidth) / 2).rounded(.down), y: y, width: barWidth, height: barHeight),
                contents: .color(0xffff_ffff))
            bar.allowsHitTesting = false
            button.addSublayer(bar)
        }
    }
}
