import Motion

/// One picture per orientation: the launch screen's doors and background differ in
/// portrait and landscape.
public struct OrientedImage: Hashable, Sendable {
    public var portrait: AssetPath
    public var landscape: AssetPath
    public init(portrait: AssetPath, landscape: AssetPath) {
        self.portrait = portrait
        self.landscape = landscape
    }
}

/// A tile on the home screen or in a folder: an icon with a title that opens `open`.
public struct Tile: Hashable, Sendable {
    public var title: String
    public var icon: AssetPath
    public var open: ShowTarget
    public init(title: String, icon: AssetPath, open: ShowTarget) {
        self.title = title
        self.icon = icon
        self.open = open
    }
}

/// The launch screen: two doors over a background, held closed, then opened.
public struct LaunchSection: Hashable, Sendable {
    public var leftDoor: OrientedImage
    public var rightDoor: OrientedImage
    public var background: OrientedImage
    /// Seconds the closed doors stay once the orientation is known, default 0.5.
    public var hold: Double
    /// Seconds the doors take to open, default 1.2.
    public var duration: Double
    /// How the doors move, default `.easeInOut`.
    public var curve: TimingCurve

    public init(
        leftDoor: OrientedImage, rightDoor: OrientedImage, background: OrientedImage, hold: Double = 0.5,
        duration: Double = 1.2, curve: TimingCurve = .easeInOut
    ) {
        self.leftDoor = leftDoor
        self.rightDoor = rightDoor
        self.background = background
        self.hold = hold
        self.duration = duration
        self.curve = curve
    }
}

/// The home screen: a wallpaper and a grid of tiles.
public struct HomeSection: Hashable, Sendable {
    public var wallpaper: AssetPath
    /// Tiles per row in portrait, 1...12, default 4.
    public var columns: Int
    public var tiles: [Tile]
    public init(wallpaper: AssetPath, columns: Int = 4, tiles: [Tile]) {
        self.wallpaper = wallpaper
        self.columns = columns
        self.tiles = tiles
    }
}

/// A folder: a titled group of tiles that opens with a reveal.
public struct Folder: Hashable, Sendable {
    public var id: String
    public var title: String
    public var tiles: [Tile]
    /// The fonts for the folder's title, as `Show.font` spells them; empty: the show's.
    public var titleFont: [String]
    public init(id: String, title: String, tiles: [Tile], titleFont: [String] = []) {
        self.id = id
        self.title = title
        self.tiles = tiles
        self.titleFont = titleFont
    }
}

/// A book: a cover on the shelf and its pages, one picture each.
public struct Book: Hashable, Sendable {
    public var id: String
    public var title: String
    public var cover: AssetPath
    public var pages: [AssetPath]
    /// The fonts for the book's title in its screen's bar, as `Show.font` spells them;
    /// empty: the show's.
    public var titleFont: [String]
    public init(id: String, title: String, cover: AssetPath, pages: [AssetPath], titleFont: [String] = []) {
        self.id = id
        self.title = title
        self.cover = cover
        self.pages = pages
        self.titleFont = titleFont
    }
}

/// One card of a card list: a picture with a title, a subtitle and a text.
public struct Card: Hashable, Sendable {
    public var title: String
    public var subtitle: String
    public var image: AssetPath
    public var text: String
    public init(title: String, subtitle: String, image: AssetPath, text: String) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.text = text
    }
}

/// A list of cards that tip in as they appear.
public struct CardList: Hashable, Sendable {
    /// How a card tips in: `rotate` about z (the seed's -15 degree tip) or `flip` about the
    /// horizontal axis.
    public enum Tip: String, Hashable, Sendable, CaseIterable { case rotate, flip }
    /// What a card seen before does when it reappears: nothing, or fade in.
    public enum Again: String, Hashable, Sendable, CaseIterable { case none, fade }

    public var id: String
    public var title: String
    public var items: [Card]
    /// Default `.rotate`.
    public var tip: Tip
    /// Degrees, -180...180: the start angle. Default -15 for `rotate` (the seed's tip),
    /// 90 for `flip` (edge-on).
    public var tipAngle: Double
    /// Points, applied before the rotation. Default -20 for `rotate`, 0 for `flip`.
    public var tipOffsetX: Double
    /// Points, applied before the rotation. Default -20 for `rotate`, 0 for `flip`.
    public var tipOffsetY: Double
    /// 0...1, default 0.8.
    public var tipOpacity: Double
    /// Seconds, > 0, default 0.4.
    public var tipDuration: Double
    /// Default `.none`.
    public var again: Again
    /// The fonts for the list's title in its screen's bar, as `Show.font` spells them;
    /// empty: the show's.
    public var titleFont: [String]

    /// The start angle when none is given, degrees: -15 (rotate), 90 (flip).
    public static func defaultAngle(_ tip: Tip) -> Double { tip == .rotate ? -15 : 90 }
    /// The start offset when none is given, points, each axis: -20 (rotate), 0 (flip).
    public static func defaultOffset(_ tip: Tip) -> Double { tip == .rotate ? -20 : 0 }

    /// Angle and offsets left nil take `tip`'s defaults.
    public init(
        id: String, title: String, items: [Card], tip: Tip = .rotate, tipAngle: Double? = nil,
        tipOffsetX: Double? = nil, tipOffsetY: Double? = nil, tipOpacity: Double = 0.8, tipDuration: Double = 0.4,
        again: Again = .none, titleFont: [String] = []
    ) {
        self.id = id
        self.title = title
        self.items = items
        self.tip = tip
        self.tipAngle = tipAngle ?? Self.defaultAngle(tip)
        self.tipOffsetX = tipOffsetX ?? Self.defaultOffset(tip)
        self.tipOffsetY = tipOffsetY ?? Self.defaultOffset(tip)
        self.tipOpacity = tipOpacity
        self.tipDuration = tipDuration
        self.again = again
        self.titleFont = titleFont
    }
}

/// An entry of the drop-down menu.
public struct MenuItem: Hashable, Sendable {
    public var title: String
    public var open: ShowTarget
    public init(title: String, open: ShowTarget) {
        self.title = title
        self.open = open
    }
}
