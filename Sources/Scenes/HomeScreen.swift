import Compositor
import Show

/// The home screen (a simple version; issue 5 adds paging and the folder reveal): the
/// show's wallpaper covering the screen (aspect-fill), the tiles in a centred grid
/// (`HomeLayout`), and the menu button in the top-right corner (three white bars on
/// translucent black) that opens `.menu`.
final class HomeScreen: ShowScreen {
    let home: HomeLayout
    let wallpaper: Layer
    private(set) var tiles: [Layer] = []
    let menuButton: Layer

    init(context: ShowScreenContext) {
        let show = context.show
        let m = context.metrics
        home = HomeLayout(home: show.home, width: m.width.clampedInt, height: m.height.clampedInt)
        wallpaper = context.pictures.layer(name: "home.wallpaper", path: show.home.wallpaper, fill: m.screen)
        wallpaper.allowsHitTesting = false
        menuButton = Layer(name: "home.menu", frame: home.menuButton, contents: .color(ScreenColors.menuButton))
        super.init(target: .home, context: context)
        layer.masksToBounds = true
        layer.addSublayer(wallpaper)
        tiles = ScreenTiles.build(
            show.home.tiles.map { ScreenTiles.Item(title: $0.title, picture: $0.icon, open: $0.open) }, grid: home.grid,
            in: layer, screen: self, titleColor: ScreenColors.title)
        let s = home.menuButton.width
        let barHeight = Swift.max(2, (s * 0.1).rounded())
        let barWidth = (s * 0.56).rounded()
        for k in 0..<3 {
            let y = (s / 2 + Double(k - 1) * (s * 0.2).rounded() - barHeight / 2).rounded(.down)
            let bar = Layer(
                name: "home.menu.bar\(k)",
                frame: Rect2D(x: ((s - barWidth) / 2).rounded(.down), y: y, width: barWidth, height: barHeight),
                contents: .color(0xffff_ffff))
            bar.allowsHitTesting = false
            menuButton.addSublayer(bar)
        }
        layer.addSublayer(menuButton)
        bindTap(menuButton, opening: .menu)
    }
}
