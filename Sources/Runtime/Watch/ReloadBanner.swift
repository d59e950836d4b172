import Compositor

/// The strip over the show that says its last reload failed, and why (`file:line: what`),
/// while `vitrine run --watch` keeps the last good show playing under it: a dark red
/// band across the top of the screen, a bold line saying what happened and the error
/// below it, cut with an ellipsis to two lines.
///
/// One layer tree, above everything the scene has (`zPosition`), that takes no touch
/// (the show under it still plays). Its text is rasterized once, when it is set: a frame
/// that redraws the scene under it draws the cached picture, and allocates nothing.
enum ReloadBanner {
    /// The banner's layer's name (for tests and logs).
    static let name = "reload banner"
    /// Over every layer of a scene (a screen's is 10, a menu's a little more).
    static let zPosition = 1_000_000.0
    /// The heading line.
    static let heading = "Not reloaded: the last good show plays on"
    /// Straight 0xAARRGGBB: dark red, nearly opaque, so the text reads over any picture.
    static let background: UInt32 = 0xf0_7a_16_16
    /// Straight 0xAARRGGBB.
    static let textColor: UInt32 = 0xff_ff_ff_ff

    /// The text size for a `width` x `height` logical screen, pixels: 1/30 of its short
    /// side, from 11 to 24 (16 on 800x480).
    static func textSize(width: Int, height: Int) -> Double {
        Swift.min(24, Swift.max(11, (Double(Swift.min(width, height)) / 30).rounded()))
    }

    /// The banner for `message` on a `width` x `height` logical screen (the root's
    /// space), at its top edge.
    static func layer(message: String, width: Int, height: Int) -> Layer {
        let size = textSize(width: width, height: height)
        let pad = (size * 0.6).rounded()
        let headingHeight = (size * 1.5).rounded()
        let messageHeight = (size * 1.35 * 2).rounded()
        let w = Double(width)
        let band = Layer(
            name: name, frame: Rect2D(x: 0, y: 0, width: w, height: pad + headingHeight + messageHeight + pad),
            contents: .color(Color.premultiplied(background)))
        band.zPosition = zPosition
        band.allowsHitTesting = false
        let textWidth = Swift.max(1, w - 2 * pad)
        let title = Layer(
            name: "reload banner heading", frame: Rect2D(x: pad, y: pad, width: textWidth, height: headingHeight),
            contents: .text(heading, TextAttributes(size: size, weight: .bold, color: textColor, maxLines: 1)))
        title.allowsHitTesting = false
        let text = Layer(
            name: "reload banner message",
            frame: Rect2D(x: pad, y: pad + headingHeight, width: textWidth, height: messageHeight),
            contents: .text(oneLine(message), TextAttributes(size: size, color: textColor, maxLines: 2)))
        text.allowsHitTesting = false
        band.addSublayer(title)
        band.addSublayer(text)
        return band
    }

    /// `message` with its line breaks as spaces (an error quoting several lines reads as
    /// one, cut where the band ends).
    static func oneLine(_ message: String) -> String {
        String(message.map { $0.isNewline ? " " : $0 })
    }
}
