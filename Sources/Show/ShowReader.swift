import Assets
import ConfigFile
import MessageText
import Motion

/// Reads a show manifest's tables into a `Show` (the keys of Authoring a show), checking
/// types, ranges, ids and asset paths as it goes, and `open` targets once every id is
/// known (a tile may open a folder defined further down).
///
/// Required: `title`, `[home]` (`wallpaper`, `tiles`).
/// Optional: `[launch]` (its three pictures required when present), `[[folder]]`,
/// `[[book]]`, `[[cards]]`, `[menu]` (`items` may be left out or empty: no menu),
/// `[labels]` (each label), and every setting with a default (`font`, a section's
/// `title_font`, `hold`, `duration`, `curve`, `columns`, the `tip_*` settings, `again`,
/// a card's `subtitle` and `text`). Font files are opened by
/// `checkFontFiles(directory:)`, when the show folder is known.
struct ShowReader {
    let document: ConfigDocument
    /// `open` targets, checked once all ids are known: the table and key to blame.
    private var targets: [(table: ConfigTable, key: String, target: ShowTarget)] = []
    /// Font files named (`font`, `title_font`): the table and key to blame, the path.
    private(set) var fontFiles: [(table: ConfigTable, key: String, path: String)] = []

    init(document: ConfigDocument) { self.document = document }

    mutating func read() throws(ConfigError) -> Show {
        let root = document.root
        try root.requireKnownKeys(["title", "font", "launch", "home", "folder", "book", "cards", "menu", "labels"])
        let title = try nonEmptyString(root, "title")
        let font = try fonts(root, "font")
        let launch = try root.optionalTable("launch").map { t throws(ConfigError) in try readLaunch(t) }
        let home = try readHome(try root.table("home"))

        var folders: [Folder] = []
        var folderIDs: [String: Int] = [:]
        for t in try root.optionalTableArray("folder") ?? [] {
            try t.requireKnownKeys(["id", "title", "title_font", "tiles"])
            folders.append(
                Folder(
                    id: try id(t, among: &folderIDs, kind: "folder"), title: try nonEmptyString(t, "title"),
                    tiles: try tiles(t, atMost: Limits.folderTiles, on: "a folder"),
                    titleFont: try fonts(t, "title_font")))
        }
        var books: [Book] = []
        var bookIDs: [String: Int] = [:]
        for t in try root.optionalTableArray("book") ?? [] {
            books.append(try readBook(t, among: &bookIDs))
        }
        var cardLists: [CardList] = []
        var cardListIDs: [String: Int] = [:]
        for t in try root.optionalTableArray("cards") ?? [] {
            cardLists.append(try readCards(t, among: &cardListIDs))
        }
        var menu: [MenuItem] = []
        if let t = try root.optionalTable("menu") {
            try t.requireKnownKeys(["items"])
            let items = try t.optionalTableArray("items") ?? []
            if items.count > Limits.menuItems {
                let over = items[Limits.menuItems]
                throw ConfigError(
                    file: over.document.path, line: over.line, key: over.path,
                    message: "too many items (\(items.count)): the menu holds at most \(Limits.menuItems)")
            }
            for item in items {
                try item.requireKnownKeys(["title", "open"])
                menu.append(MenuItem(title: try nonEmptyString(item, "title"), open: try target(item, "open")))
            }
        }

        let labels = try root.optionalTable("labels").map { t throws(ConfigError) in try readLabels(t) } ?? .english

        let show = Show(
            title: title, launch: launch, home: home, folders: folders, books: books, cardLists: cardLists,
            menu: menu, labels: labels, font: font)
        try checkTargets(show)
        return show
    }

    // MARK: - Sections

    private func readLaunch(_ t: ConfigTable) throws(ConfigError) -> LaunchSection {
        try t.requireKnownKeys(["left_door", "right_door", "background", "hold", "duration", "curve"])
        var launch = LaunchSection(
            leftDoor: try oriented(t, "left_door"), rightDoor: try oriented(t, "right_door"),
            background: try oriented(t, "background"))
        if let hold = try t.optionalDouble("hold") {
            try Limits.check(t, "hold", hold, Limits.hold, unit: " seconds")
            launch.hold = hold
        }
        if let duration = try t.optionalDouble("duration") {
            try Limits.check(t, "duration", duration, Limits.duration, unit: " seconds")
            launch.duration = duration
        }
        if let text = try t.optionalString("curve") {
            do {
                launch.curve = try TimingCurve(parsing: text)
            } catch {
                throw t.error("curve", error.description)
            }
        }
        return launch
    }

    /// `[labels]`: each key a string (any text, "" included), unknown keys refused with
    /// the nearest known one.
    private func readLabels(_ t: ConfigTable) throws(ConfigError) -> ShowLabels {
        let keys = ShowLabels.keys
        try t.requireKnownKeys(keys.map(\.key))
        var labels = ShowLabels.english
        for (key, path, _) in keys {
            if let text = try t.optionalString(key) { labels[keyPath: path] = text }
        }
        return labels
    }

    private func oriented(_ t: ConfigTable, _ key: String) throws(ConfigError) -> OrientedImage {
        let pair = try t.table(key)
        try pair.requireKnownKeys(["portrait", "landscape"])
        return OrientedImage(portrait: try asset(pair, "portrait"), landscape: try asset(pair, "landscape"))
    }

    private mutating func readHome(_ t: ConfigTable) throws(ConfigError) -> HomeSection {
        try t.requireKnownKeys(["wallpaper", "columns", "tiles"])
        var home = HomeSection(wallpaper: try asset(t, "wallpaper"), tiles: [])
        if let columns = try t.optionalInt("columns") {
            guard Limits.columns.contains(columns) else {
                throw t.error(
                    "columns",
                    "must be from \(Limits.columns.lowerBound) to \(Limits.columns.upperBound), got \(columns)")
            }
            home.columns = columns
        }
        home.tiles = try tiles(t, atMost: Limits.homeTiles, on: "the home screen")
        return home
    }

    /// The `tiles` of `t`: at most `limit` of them (`screen` says whose limit it is);
    /// the first one over it is the error, before any is read.
    private mutating func tiles(_ t: ConfigTable, atMost limit: Int, on screen: String) throws(ConfigError) -> [Tile] {
        var tiles: [Tile] = []
        let tables = try t.tableArray("tiles")
        if tables.count > limit {
            let over = tables[limit]
            throw ConfigError(
                file: over.document.path, line: over.line, key: over.path,
                message: "too many tiles (\(tables.count)): \(screen) holds at most \(limit)")
        }
        for tile in tables {
            try tile.requireKnownKeys(["title", "icon", "open"])
            tiles.append(
                Tile(
                    title: try nonEmptyString(tile, "title"), icon: try asset(tile, "icon"),
                    open: try target(tile, "open")))
        }
        return tiles
    }

    private mutating func readBook(_ t: ConfigTable, among ids: inout [String: Int]) throws(ConfigError) -> Book {
        try t.requireKnownKeys(["id", "title", "title_font", "cover", "pages"])
        let id = try id(t, among: &ids, kind: "book")
        let title = try nonEmptyString(t, "title")
        let cover = try asset(t, "cover")
        let pages = try t.stringArray("pages")
        if pages.isEmpty { throw t.error("pages", "must list at least one page") }
        for (i, page) in pages.enumerated() {
            try checkAsset(page, t, "pages[\(i)]")
        }
        return Book(id: id, title: title, cover: cover, pages: pages, titleFont: try fonts(t, "title_font"))
    }

    private mutating func readCards(_ t: ConfigTable, among ids: inout [String: Int]) throws(ConfigError) -> CardList {
        try t.requireKnownKeys([
            "id", "title", "title_font", "items", "tip", "tip_angle", "tip_offset", "tip_opacity", "tip_duration",
            "again",
        ])
        var list = CardList(
            id: try id(t, among: &ids, kind: "cards"), title: try nonEmptyString(t, "title"), items: [],
            titleFont: try fonts(t, "title_font"))
        let items = try t.tableArray("items")
        if items.isEmpty { throw t.error("items", "must list at least one card") }
        for item in items {
            try item.requireKnownKeys(["title", "subtitle", "image", "text"])
            list.items.append(
                Card(
                    title: try nonEmptyString(item, "title"), subtitle: try item.optionalString("subtitle") ?? "",
                    image: try asset(item, "image"), text: try item.optionalString("text") ?? ""))
        }
        if let tip = try t.optionalChoice("tip", as: CardList.Tip.self) {
            // The angle and offset default by the tip (a flip starts edge-on, unmoved).
            list.tip = tip
            list.tipAngle = CardList.defaultAngle(tip)
            list.tipOffsetX = CardList.defaultOffset(tip)
            list.tipOffsetY = CardList.defaultOffset(tip)
        }
        if let angle = try t.optionalDouble("tip_angle") {
            try Limits.check(t, "tip_angle", angle, Limits.tipAngle, unit: " degrees")
            list.tipAngle = angle
        }
        if let offset = try t.optionalDoubleArray("tip_offset") {
            guard offset.count == 2 else {
                throw t.error("tip_offset", "must be 2 numbers [x, y], got \(offset.count)")
            }
            for (i, v) in offset.enumerated() {
                try Limits.check(t, "tip_offset[\(i)]", v, Limits.tipOffset, unit: " points")
            }
            list.tipOffsetX = offset[0]
            list.tipOffsetY = offset[1]
        }
        if let opacity = try t.optionalDouble("tip_opacity") {
            try Limits.check(t, "tip_opacity", opacity, Limits.tipOpacity, unit: "")
            list.tipOpacity = opacity
        }
        if let duration = try t.optionalDouble("tip_duration") {
            guard duration > 0, duration <= Limits.tipDurationMax else {
                throw t.error(
                    "tip_duration",
                    "must be more than 0 and at most \(TOMLText.number(Limits.tipDurationMax)) seconds, got \(TOMLText.number(duration))"
                )
            }
            list.tipDuration = duration
        }
        if let again = try t.optionalChoice("again", as: CardList.Again.self) { list.again = again }
        return list
    }

    // MARK: - Values

    /// A font list (`font`, `title_font`): an array of non-empty strings, at most
    /// `Limits.fonts`, each a family name or a font file inside the show folder (kept in
    /// `fontFiles` for `checkFontFiles`). Absent: empty, the default.
    private mutating func fonts(_ t: ConfigTable, _ key: String) throws(ConfigError) -> [String] {
        guard t.contains(key) else { return [] }
        let names: [String]
        do {
            names = try t.stringArray(key)
        } catch {
            // A lone name is the likely slip: say what to write instead.
            if (try? t.string(key)) != nil {
                throw t.error(key, "expected an array of font names, found a string (write [\"Name\"])")
            }
            throw error
        }
        if names.isEmpty { throw t.error(key, "must list at least one font (leave it out for DejaVu Sans)") }
        if names.count > Limits.fonts {
            throw t.error(key, "too many fonts (\(names.count)): at most \(Limits.fonts)")
        }
        for (i, name) in names.enumerated() {
            let element = "\(key)[\(i)]"
            if name.allSatisfy(\.isWhitespace) { throw t.error(element, "must not be empty") }
            if Show.isFontFile(name) {
                try checkAsset(name, t, element)
                fontFiles.append((t, element, name))
            }
        }
        return names
    }

    /// Opens every font file named (`fontFiles`) under `directory`, the show folder.
    /// - Throws: the first that is missing or not a font Vitrine can use, as
    ///   `show.toml:line: font[1]: "fonts/x.ttf": not a font: unknown file format (...)`.
    func checkFontFiles(directory: String) throws(ConfigError) {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        for (table, key, path) in fontFiles {
            do {
                try Font.check(path: base + "/" + path)
            } catch {
                throw table.error(key, "\"\(shortened(path))\": " + error.reason)
            }
        }
    }

    private func nonEmptyString(_ t: ConfigTable, _ key: String) throws(ConfigError) -> String {
        let s = try t.string(key)
        if s.isEmpty { throw t.error(key, "must not be empty") }
        return s
    }

    /// An id: non-empty, a-z 0-9 - _, not already used by another of its kind. `earlier`
    /// maps the ids read so far to their places; this one is added.
    private func id(_ t: ConfigTable, among earlier: inout [String: Int], kind: String) throws(ConfigError) -> String {
        let id = try nonEmptyString(t, "id")
        guard ShowTarget.isValidID(id) else {
            throw t.error("id", "\"\(shortened(id))\" is not a valid id (use a-z, 0-9, \"-\" and \"_\")")
        }
        if let first = earlier[id] {
            throw t.error("id", "duplicate id \"\(shortened(id))\" (also \(kind)[\(first)])")
        }
        earlier[id] = earlier.count
        return id
    }

    private func asset(_ t: ConfigTable, _ key: String) throws(ConfigError) -> AssetPath {
        let path = try t.string(key)
        try checkAsset(path, t, key)
        return path
    }

    /// An asset path must name a file inside the show folder: non-empty, relative, and
    /// never going up with "..".
    private func checkAsset(_ path: String, _ t: ConfigTable, _ key: String) throws(ConfigError) {
        if path.isEmpty { throw t.error(key, "must not be empty") }
        if path.hasPrefix("/") { throw t.error(key, "\"\(shortened(path))\" must be relative to the show folder") }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            throw t.error(key, "\"\(shortened(path))\" must not go up with \"..\"")
        }
    }

    /// A target's spelling, kept for checking against the ids once all are read.
    private mutating func target(_ t: ConfigTable, _ key: String) throws(ConfigError) -> ShowTarget {
        let text = try t.string(key)
        guard let target = ShowTarget(parsing: text) else {
            if let colon = text.firstIndex(of: ":"), ["folder", "book", "cards"].contains(text[..<colon]) {
                let id = text[text.index(after: colon)...]
                throw t.error(
                    key,
                    id.isEmpty
                        ? "\"\(shortened(text))\" names no id"
                        : "\"\(shortened(text))\": \"\(shortened(id))\" is not a valid id (use a-z, 0-9, \"-\" and \"_\")")
            }
            throw t.error(
                key,
                "\"\(shortened(text))\" is not a target (expected home, shelf, menu, folder:<id>, book:<id> or cards:<id>)")
        }
        targets.append((t, key, target))
        return target
    }

    /// Every `open` names an existing folder, book or card list. (The ids as sets, made
    /// once: a show of 10 000 tiles is checked in linear time.)
    private func checkTargets(_ show: Show) throws(ConfigError) {
        let folders = Set(show.folders.map(\.id))
        let books = Set(show.books.map(\.id))
        let cardLists = Set(show.cardLists.map(\.id))
        for (table, key, target) in targets {
            let (kind, plural, id, known): (String, String, String, Set<String>)
            switch target {
            case .home, .shelf, .menu: continue
            case .folder(let i): (kind, plural, id, known) = ("folder", "folders", i, folders)
            case .book(let i): (kind, plural, id, known) = ("book", "books", i, books)
            case .cards(let i): (kind, plural, id, known) = ("card list", "card lists", i, cardLists)
            }
            guard !known.contains(id) else { continue }
            let ids: [String] =
                switch target {
                case .folder: show.folders.map(\.id)
                case .book: show.books.map(\.id)
                default: show.cardLists.map(\.id)
                }
            let listed = ids.isEmpty ? "the show has no \(plural)" : "\(plural): " + shortened(ids.joined(separator: ", "))
            throw table.error(key, "no \(kind) \"\(shortened(id))\" (\(listed))")
        }
    }
}
