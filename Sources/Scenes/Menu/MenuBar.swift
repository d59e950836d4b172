import Compositor
import FixedPoint
import Motion

/// What a screen tells the guillotine menu about its top bar (the article's
/// `GuillotineAnimationProtocol`: `navigationBarHeight()`, `anchorPoint()`, `hostTitle()`),
/// in screen points for the screen's current layout and orientation.
///
/// Every screen but the launch has a top bar with the menu button at its top-left
/// (`ShowScreen.menuBar`); the button opens `.menu`. A show without menu items draws no
/// button, but its place stays the hinge: a menu opened by a target (a tile's
/// `open = "menu"`) swings from there with its own button. The hinge is the button's centre,
/// and the article places it at equal distances from the screen's left edge and the
/// bar's bottom: a host lays its button out with `MenuBar.button(bar:)` so that it is.
struct MenuBar: Hashable {
    /// The host's top bar, screen points (its bottom is where the closed menu's edge lies).
    let frame: Rect2D
    /// The host's menu button, screen points.
    let button: Rect2D
    /// The host's title: shown in the menu's own bar (the article's `hostTitle()`).
    let title: String

    /// The menu button of a top bar `bar` (screen points): a square as tall as the bar at
    /// its left end, so that its centre lies as far from the screen's left edge as from
    /// the bar's bottom.
    static func button(bar: Rect2D) -> Rect2D {
        Rect2D(x: 0, y: bar.minY, width: bar.height, height: bar.height)
    }

    /// The standard bar of a screen (`ScreenMetrics.titleBar`) with its button.
    static func standard(_ m: ScreenMetrics, title: String) -> MenuBar {
        MenuBar(frame: m.titleBar, button: button(bar: m.titleBar), title: title)
    }

    /// The hinge: the button's centre, its x set to the bar's bottom less its y (equal
    /// distances from the left edge and the bar's bottom, whatever the host's rounding).
    var hinge: Point2D {
        let y = button.minY + button.height / 2
        return Point2D(frame.maxY - y, y)
    }

    /// The menu's geometry on a `width` x `height` screen.
    func geometry(width: Double, height: Double) -> GuillotineGeometry {
        GuillotineGeometry(width: width, height: height, hinge: hinge)
    }
}

extension ScreenMetrics {
    /// The menu button of a screen's standard top bar (`titleBar`): a square of the bar's
    /// height at its left end.
    var menuButton: Rect2D { MenuBar.button(bar: titleBar) }
}
