import Compositor
import ConfigFile
import Scenes
import Show
import ShowDemo

/// A show (a folder on disk or the built-in demo) as what the kiosk and `render` play.
public final class ShowPlayback: ShowProgram {
    public let show: Show
    public let assets: ShowAssets
    public let origin: String
    public var title: String { show.title }
    /// The show's `font`, files made absolute under its folder.
    public var fonts: [String] { Show.fontNames(show.font, directory: assets.directory) }
    /// The font families the manifest names that are not installed: logged once, with
    /// the first warnings taken.
    private var fontWarnings: [String]
    /// The pictures at the sizes the screens draw them, kept for every scene of this show
    /// (a turn and back resamples nothing).
    let pictures: ShowPictures

    public init(show: Show, assets: ShowAssets, origin: String) {
        self.show = show
        self.assets = assets
        self.origin = origin
        pictures = ShowPictures(assets: assets)
        fontWarnings = assets.directory.map { show.fontWarnings(manifest: Show.manifestPath(in: $0)) } ?? []
    }

    /// The show in `folder` (its show.toml), or the built-in demo show when nil.
    /// - Throws: the manifest's `ConfigError` (exit 78 at start; kept out on reload).
    public static func load(folder: String?) throws(ConfigError) -> ShowPlayback {
        guard let folder else { return ShowPlayback(show: DemoShow.show, assets: .demo(), origin: "built-in demo show") }
        return ShowPlayback(show: try Show.load(directory: folder), assets: ShowAssets(directory: folder), origin: folder)
    }

    public func makeScene(root: Layer, width: Int, height: Int, resume: String?, orientationKnown: Bool)
        -> any PlayableScene
    {
        let start = resume.flatMap { ShowScene.resume(parsing: $0) }
        return ShowScene(
            show: show, assets: assets, root: root, width: width, height: height,
            start: start?.target, orientationKnown: orientationKnown, pictures: pictures, bookPage: start?.bookPage,
            menuOpen: start?.menuOpen ?? false, fetchesAhead: true)
    }

    public func takeWarnings() -> [String] {
        defer { fontWarnings = [] }
        return fontWarnings + assets.takeWarnings()
    }

    public func keepPicturesForBothOrientations() { pictures.keepsBothOrientations = true }
}

extension ShowScene: PlayableScene {
    /// "book:<id>@<page>" for a book open at a page, "<screen>+menu" with the menu open
    /// (`resumeName`): what a rebuild resumes.
    public var screen: String { isLaunching ? "launch" : resumeName }
}
