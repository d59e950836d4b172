import Compositor
import Show

/// The menu as a plain screen (issue 9 brings the guillotine drop): the items as rows
/// down the content area, each the bar's height (less when they would not fit), with a
/// one-point gap between rows; a row opens its target.
final class MenuScreen: PlainScreen {
    /// Row `i` of `count`, in screen space.
    static func row(_ i: Int, count: Int, metrics m: ScreenMetrics) -> Rect2D {
        let c = m.content
        let pitch = Swift.max(
            2, Swift.min((m.barHeight * 1.2).rounded(), (c.height / Double(Swift.max(1, count))).rounded(.down)))
        return Rect2D(x: c.minX, y: c.minY + Double(i) * pitch, width: c.width, height: pitch - 1)
    }

    init(context: ShowScreenContext) {
        super.init(target: .menu, title: "Menu", context: context)
        let items = context.show.menu
        for (i, item) in items.enumerated() {
            let frame = Self.row(i, count: items.count, metrics: metrics)
            let row = Layer(name: "menu.row\(i)", frame: frame, contents: .color(ScreenColors.row))
            row.addSublayer(
                PlainScreen.label(
                    "menu.title", item.title,
                    frame: Rect2D(
                        x: metrics.margin, y: 0, width: Swift.max(1, frame.width - 2 * metrics.margin),
                        height: frame.height),
                    TextAttributes(
                        size: Swift.min(metrics.barFontSize, (frame.height * 0.6).rounded()), color: ScreenColors.title,
                        maxLines: 1)))
            layer.addSublayer(row)
            bindTap(row, opening: item.open)
        }
    }
}
