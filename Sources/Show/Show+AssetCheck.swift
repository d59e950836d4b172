import Assets
import ConfigFile
import MessageText

extension Show {
    /// Every picture the show names, in the manifest's order, each under the key that
    /// names it (`book[0].pages[3]`, keys counted from 0); a picture named again under
    /// another key (a book's cover as a tile's icon) is listed once, under its first key.
    public var namedPictures: [(key: String, path: AssetPath)] {
        var all: [(String, AssetPath)] = []
        if let launch {
            for (name, image) in [
                ("left_door", launch.leftDoor), ("right_door", launch.rightDoor), ("background", launch.background),
            ] {
                all.append(("launch.\(name).portrait", image.portrait))
                all.append(("launch.\(name).landscape", image.landscape))
            }
        }
        all.append(("home.wallpaper", home.wallpaper))
        for (i, tile) in home.tiles.enumerated() { all.append(("home.tiles[\(i)].icon", tile.icon)) }
        for (f, folder) in folders.enumerated() {
            for (i, tile) in folder.tiles.enumerated() { all.append(("folder[\(f)].tiles[\(i)].icon", tile.icon)) }
        }
        for (b, book) in books.enumerated() {
            all.append(("book[\(b)].cover", book.cover))
            for (i, page) in book.pages.enumerated() { all.append(("book[\(b)].pages[\(i)]", page)) }
        }
        for (c, list) in cardLists.enumerated() {
            for (i, card) in list.items.enumerated() { all.append(("cards[\(c)].items[\(i)].image", card.image)) }
        }
        var seen: Set<AssetPath> = []
        return all.filter { seen.insert($0.1).inserted }
    }

    /// Every text the show gives the runtime to draw, in the manifest's order, under its
    /// key; a text given again under another key is listed once, under its first.
    public var namedTexts: [(key: String, text: String)] {
        var all: [(String, String)] = [("title", title)]
        for (i, tile) in home.tiles.enumerated() { all.append(("home.tiles[\(i)].title", tile.title)) }
        for (f, folder) in folders.enumerated() {
            all.append(("folder[\(f)].title", folder.title))
            for (i, tile) in folder.tiles.enumerated() { all.append(("folder[\(f)].tiles[\(i)].title", tile.title)) }
        }
        for (b, book) in books.enumerated() { all.append(("book[\(b)].title", book.title)) }
        for (c, list) in cardLists.enumerated() {
            all.append(("cards[\(c)].title", list.title))
            for (i, card) in list.items.enumerated() {
                all.append(("cards[\(c)].items[\(i)].title", card.title))
                all.append(("cards[\(c)].items[\(i)].subtitle", card.subtitle))
                all.append(("cards[\(c)].items[\(i)].text", card.text))
            }
        }
        for (i, item) in menu.enumerated() { all.append(("menu.items[\(i)].title", item.title)) }
        // The labels an author set (the English defaults are in every font's reach).
        for (key, path, _) in ShowLabels.keys where labels[keyPath: path] != ShowLabels.english[keyPath: path] {
            all.append(("labels.\(key)", labels[keyPath: path]))
        }
        var seen: Set<String> = []
        return all.filter { !$0.1.isEmpty && seen.insert($0.1).inserted }
    }

    /// One warning for each picture the show names that is missing or does not decode
    /// within `limits` (what the runtime decodes with): at show time it would be the
    /// placeholder. Each picture is decoded once, then let go.
    ///
    /// - Parameters:
    ///   - directory: the show folder the paths are relative to.
    ///   - manifest: the manifest's path, to begin each warning with.
    /// - Returns: lines like `show/show.toml: book[0].pages[3]: show/books/4.jpg: cannot
    ///   read: No such file or directory (ENOENT); a placeholder is drawn instead`.
    public func pictureWarnings(directory: String, manifest: String, limits: ImageLimits = .default) -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var warnings: [String] = []
        for (key, path) in namedPictures {
            do {
                _ = try Image.read(path: base + "/" + path, limits: limits)
            } catch {
                warnings.append("\(manifest): \(key): \(error); a placeholder is drawn instead")
            }
        }
        return warnings
    }

    /// One warning for each text with characters that neither the fonts it is set in
    /// (the show's `font`, or its section's `title_font` for a section's title, regular
    /// and bold: a title in a bar is bold, a tile's regular) nor any installed font
    /// (fontconfig) has a glyph for: drawn, they would be empty boxes. Characters no
    /// font draws (spaces, controls, joiners, combining marks) are not counted. A font
    /// that cannot be loaded is one warning of its own.
    ///
    /// - Parameters:
    ///   - engine: loads the fonts and finds the installed ones per character.
    ///   - directory: the show folder font files are relative to (nil: as written).
    ///   - manifest: the manifest's path, to begin each warning with.
    /// - Returns: lines like `show.toml: cards[0].items[1].text: "สวัสดี": no installed
    ///   font has a glyph for 3 characters (the first U+0E2A); drawn as empty boxes`.
    public func glyphWarnings(engine: TextEngine, directory: String?, manifest: String) -> [String] {
        var warnings: [String] = []
        var reported: Set<String> = []
        /// The regular and bold styles a font list sets text in; fonts that don't load
        /// reported once.
        func styles(_ list: [String]) -> [TextStyle] {
            let names = Self.fontNames(list, directory: directory)
            return [false, true].map { bold in
                let choices = FontNames.choices(names, bold: bold)
                for choice in choices {
                    do {
                        _ = try engine.font(choice)
                    } catch {
                        if reported.insert(choice.path).inserted {
                            warnings.append("\(manifest): \(error); the show's text in it is not drawn")
                        }
                    }
                }
                return TextStyle(font: choices[0], fallbackFonts: Array(choices.dropFirst()))
            }
        }
        let showStyles = styles(font)
        var sectionStyles: [String: [TextStyle]] = [:]
        for (key, list) in namedFontLists where key != "font" {
            // "book[2].title_font" sets "book[2].title".
            sectionStyles[String(key.dropLast("_font".count))] = styles(list)
        }
        for (key, text) in namedTexts {
            var missing: [Unicode.Scalar] = []
            for style in sectionStyles[key] ?? showStyles {
                for scalar in engine.missingCharacters(in: text, style: style) where !missing.contains(scalar) {
                    missing.append(scalar)
                }
            }
            guard let first = missing.first else { continue }
            let count = missing.count == 1 ? "1 character" : "\(missing.count) characters"
            warnings.append(
                "\(manifest): \(key): \"\(shortened(text))\": no installed font has a glyph for \(count) (the first \(Self.codePoint(first))); drawn as empty boxes"
            )
        }
        return warnings
    }

    /// `U+0E2A`: at least four hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}
