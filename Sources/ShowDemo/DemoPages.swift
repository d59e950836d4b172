import Assets
import Raster
import Show

/// Book pages: warm paper, a running head, the page's heading over a short rule, its
/// paragraphs and the page number.
enum DemoPages {
    static let size = (width: 600, height: 900)

    static func draw(_ book: DemoBook, page index: Int, width w: Int, height h: Int, text: DemoTextPainter) -> Surface {
        let c = DemoCanvas(width: w, height: h, opaque: true)
        let W = Double(w)
        let H = Double(h)
        c.verticalGradient(c.surface.bounds, top: 0xFFF8_F3E8, bottom: 0xFFEE_E6D4)
        // The gutter's shade: the spine side is the left on odd pages, the right on even ones.
        let gutter = Int(W * 0.05)
        for i in 0..<gutter {
            let alpha = UInt32(28 * (gutter - i) / gutter)
            c.rect(x: index % 2 == 0 ? i : w - 1 - i, y: 0, width: 1, height: h, alpha << 24)
        }
        let page = book.pages[index]
        let margin = Int(W * 0.11)
        let inner = w - 2 * margin
        let small = TextStyle(size: W * 0.026, color: 0xFF8A_8070, alignment: .center, maxLines: 1)
        text.draw(
            book.title.uppercased(), on: c, x: margin, y: Int(H * 0.04), width: inner, height: Int(H * 0.04),
            style: small)

        let headingStyle = TextStyle(font: .bold, size: W * 0.056, color: book.ground, maxLines: 2)
        var y = Int(H * 0.11)
        y += text.draw(page.heading, on: c, x: margin, y: y, width: inner, height: Int(H * 0.12), style: headingStyle)
        y += Int(H * 0.02)
        c.rect(
            x: margin, y: y, width: Int(W * 0.16), height: max(1, Int(H * 0.004)), mix(book.ground, book.accent, 0.35))
        y += Int(H * 0.035)
        let body = TextStyle(size: W * 0.036, color: 0xFF2B_2A28, lineSpacing: 1.3)
        y = text.paragraphs(
            page.paragraphs, on: c, x: margin, y: y, width: inner, bottom: Int(H * 0.9), gap: Int(H * 0.025),
            style: body)
        // A plate below the text, where there is room for one.
        let plateTop = y + Int(H * 0.02)
        let plateBottom = Int(H * 0.89)
        if plateBottom - plateTop >= Int(H * 0.16) {
            let plate = PixelRect(x: margin, y: plateTop, width: inner, height: plateBottom - plateTop)
            DemoPlates.draw(book, page: index, on: c, in: plate)
            c.rect(PixelRect(x: plate.x, y: plate.maxY - 1, width: plate.width, height: 1), 0x4000_0000)
        }

        text.draw("\(index + 1)", on: c, x: 0, y: Int(H * 0.93), width: w, height: Int(H * 0.05), style: small)
        return c.surface
    }
}
