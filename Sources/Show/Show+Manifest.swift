import ConfigFile

extension Show {
    /// The show as a `show.toml` (top-level `title` and `font`, then `[launch]` when the
    /// show has one, `[home]`, each `[[folder]]`, `[[book]]`, `[[cards]]`, `[menu]` when
    /// it has items, and `[labels]`), with a comment header and a comment on each
    /// setting: what `vitrine show init` writes, for a person to edit. Every setting is
    /// written, defaults included, so the file shows what can be set (a label left at its
    /// default is written commented out, showing what can be translated);
    /// `Show.parse(text: manifestText(), path:)` gives back this show (ids valid).
    public func manifestText() -> String {
        var out = """
            # A Vitrine show: what the kiosk plays. Every key is explained in the guide
            # "Authoring a show" in Vitrine's documentation.
            # Asset paths are relative to this folder; a missing or corrupt picture shows a
            # placeholder and logs one warning. Check this file with `vitrine check show.toml`.

            title = \(q(title))
            \(fontLine)


            """
        if let launch {
            out += """
                [launch]
                left_door = \(oriented(launch.leftDoor))
                right_door = \(oriented(launch.rightDoor))
                background = \(oriented(launch.background))
                hold = \(n(launch.hold))  # seconds the closed doors stay once orientation is known
                duration = \(n(launch.duration))  # seconds the doors take to open
                curve = \(q(launch.curve.description))  # linear | ease-in | ease-out | ease-in-out | cubic-bezier(x1, y1, x2, y2)


                """
        }
        out += """
            [home]
            wallpaper = \(q(home.wallpaper))
            columns = \(home.columns)  # tiles per row in portrait, 1 to 12
            # open: home | shelf | menu | folder:<id> | book:<id> | cards:<id>
            tiles = \(tiles(home.tiles))

            """
        for folder in folders {
            out += """

                [[folder]]
                id = \(q(folder.id))
                title = \(q(folder.title))\(titleFontLine(folder.titleFont))
                tiles = \(tiles(folder.tiles))

                """
        }
        for book in books {
            out += """

                [[book]]
                id = \(q(book.id))
                title = \(q(book.title))\(titleFontLine(book.titleFont))
                cover = \(q(book.cover))
                pages = \(list(book.pages.map(q)))

                """
        }
        for cards in cardLists {
            let items = cards.items.map {
                "{ title = \(q($0.title)), subtitle = \(q($0.subtitle)), image = \(q($0.image)), text = \(q($0.text)) }"
            }
            out += """

                [[cards]]
                id = \(q(cards.id))
                title = \(q(cards.title))\(titleFontLine(cards.titleFont))
                tip = \(q(cards.tip.rawValue))  # rotate (about the screen's normal) | flip (about the horizontal axis)
                tip_angle = \(n(cards.tipAngle))  # degrees, -180 to 180; without it: -15 (rotate), 90 (flip)
                tip_offset = [\(n(cards.tipOffsetX)), \(n(cards.tipOffsetY))]  # points, applied before the turn; without it: [-20, -20] (rotate), [0, 0] (flip)
                tip_opacity = \(n(cards.tipOpacity))  # 0 to 1
                tip_duration = \(n(cards.tipDuration))  # seconds, ease-in-out
                again = \(q(cards.again.rawValue))  # none | fade: what a card seen before does when it reappears
                items = \(list(items))

                """
        }
        if !menu.isEmpty {
            out += """

                [menu]
                items = \(list(menu.map { "{ title = \(q($0.title)), open = \(q($0.open.description)) }" }))

                """
        }
        out += """

            [labels]
            # The words Vitrine draws by itself, to translate; a key left commented keeps
            # the English shown.

            """
        for (key, path, what) in ShowLabels.keys {
            let text = labels[keyPath: path]
            let set = text != ShowLabels.english[keyPath: path]
            out += "\(set ? "" : "# ")\(key) = \(q(text))  # \(what)\n"
        }
        return out
    }

    private func q(_ s: String) -> String { TOMLString.basic(s) }

    /// The top-level `font`: the show's list, or without one the line commented out
    /// (an empty list is not a setting), as an example of the form.
    private var fontLine: String {
        let help = "  # family names or font files in this folder, in fallback order"
        return font.isEmpty
            ? "# font = [\"DejaVu Sans\", \"fonts/MyFont.ttf\"]\(help); without it: DejaVu Sans"
            : "font = \(inline(font.map(q)))\(help)"
    }

    /// A section's `title_font` line after its title, or nothing when it has none.
    private func titleFontLine(_ fonts: [String]) -> String {
        fonts.isEmpty ? "" : "\ntitle_font = \(inline(fonts.map(q)))  # the title's fonts; without it: the show's"
    }

    /// An array on one line.
    private func inline(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }
    private func n(_ v: Double) -> String { TOMLText.number(v) }

    private func oriented(_ image: OrientedImage) -> String {
        "{ portrait = \(q(image.portrait)), landscape = \(q(image.landscape)) }"
    }

    private func tiles(_ tiles: [Tile]) -> String {
        list(tiles.map { "{ title = \(q($0.title)), icon = \(q($0.icon)), open = \(q($0.open.description)) }" })
    }

    /// An array, one element per line (`[]` when empty).
    private func list(_ elements: [String]) -> String {
        elements.isEmpty ? "[]" : "[\n" + elements.map { "  \($0),\n" }.joined() + "]"
    }
}
