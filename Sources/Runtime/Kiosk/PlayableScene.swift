import Compositor
import Input
import Scenes

/// What the kiosk plays on its layer tree: the show's scenes, or the test scene.
/// Driven by the event loop: touch through the router, then `update(time:)` once a frame.
public protocol PlayableScene: AnyObject {
    /// Sets every layer for `time`, seconds since the kiosk started.
    func update(time: Double)
    /// Whether anything still moves at the last update's time: the loop draws frames only then.
    var isAnimating: Bool { get }
    /// When nothing moves now but something will later without a touch (the end of the
    /// launch's hold), that time in seconds; else nil. The loop sets its frame timer for it.
    var nextChange: Double? { get }
    func attachGestures(to router: TouchRouter<LayerHitTester>)
    /// Back to the home screen (control `home`, idle reset), without the launch doors.
    func goHome(time: Double)
    /// What is on screen, in `--scene` spelling: "launch", "home", "folder:books", ...
    var screen: String { get }
    /// Whether the launch holds its closed doors until the orientation is known.
    var isWaitingForOrientation: Bool { get }
    /// The rotation service's orientation is known from `time` on: the launch goes on.
    func orientationKnown(at time: Double)
    /// After a frame is handed over, or a tick that drew nothing, in the gap before the
    /// next: fetches pictures the next frames may draw (a book's next pages, the
    /// pictures of a screen a tap opens before it slides in, the show's home screen under
    /// the closed launch doors): one while something moves on screen, more while nothing
    /// does (no frame is due), so that no frame waits for a decode or a resample. True
    /// when it fetched one, or something waits for the next tick (the loop then comes
    /// back a frame period later); false when nothing is left to fetch.
    func prepareAhead() -> Bool
}

/// A show (or the test scene) that can make its scene for a screen of a given size:
/// what the kiosk loads at start and again on SIGHUP or `reload`.
public protocol ShowProgram: AnyObject {
    /// For logs and `status`: "built-in demo show", "/usr/share/vitrine/shows/mine".
    var origin: String { get }
    /// The show's title: a window's title under Wayland.
    var title: String { get }
    /// The scene under `root` for a logical screen of `width` x `height` points. `resume`
    /// nil: a cold start (the launch); else start on that screen (after a reload or a turn).
    /// `orientationKnown` false: a cold start holds its doors closed until told
    /// (`PlayableScene.orientationKnown(at:)`).
    func makeScene(root: Layer, width: Int, height: Int, resume: String?, orientationKnown: Bool) -> any PlayableScene
    /// Warnings gathered since the last call (a missing or corrupt picture: one each).
    func takeWarnings() -> [String]
    /// The fonts for the show's text (`TextRasterizing.useFonts`): family names or
    /// absolute font file paths, in fallback order; empty: DejaVu Sans.
    var fonts: [String] { get }
    /// The panel turns at run time: keep the pictures of both orientations' screens
    /// (scenes of either size made from now on find them made).
    func keepPicturesForBothOrientations()
}

extension ShowProgram {
    public var title: String { "Vitrine" }
    public var fonts: [String] { [] }
    public func keepPicturesForBothOrientations() {}
}

extension PlayableScene {
    public var nextChange: Double? { nil }
    public var isWaitingForOrientation: Bool { false }
    public func orientationKnown(at time: Double) {}
    public func prepareAhead() -> Bool { false }
}

extension TestScene: PlayableScene {
    public var isAnimating: Bool { lastTime < Self.duration }
    public func goHome(time: Double) {}
    public var screen: String { "test" }
}
