/// The built-in demo show: its pictures are drawn by code (`ShowAssets.demo()`), and
/// `write(to:)` writes it out as an editable show folder.
public enum DemoShow {
    /// The built-in demo show (its asset paths are the ones `write(to:)` uses).
    public static let show = Show(
        title: "Vitrine Demo",
        launch: LaunchSection(
            leftDoor: OrientedImage(portrait: "launch/left-p.png", landscape: "launch/left-l.png"),
            rightDoor: OrientedImage(portrait: "launch/right-p.png", landscape: "launch/right-l.png"),
            background: OrientedImage(portrait: "launch/bg-p.png", landscape: "launch/bg-l.png")),
        home: HomeSection(wallpaper: "home/wall.jpg", tiles: []))
}
