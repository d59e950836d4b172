import ConfigFile

extension Show {
    /// The manifest's file name inside a show folder.
    public static let manifestName = "show.toml"

    /// Reads and checks `directory/show.toml` (Authoring a show), and opens the font files
    /// it names. Pictures are not opened: a missing one is the placeholder and a warning
    /// at show time, not a manifest error; a font file that is missing or not a font is.
    /// - Throws: the first mistake, as `show.toml`'s path `:line: key: what is wrong`;
    ///   a missing manifest is `DIR/show.toml: cannot read: No such file or directory (ENOENT)`
    ///   (its `readFailure` set).
    public static func load(directory: String) throws(ConfigError) -> Show {
        let document = try ConfigDocument.load(path: manifestPath(in: directory))
        var reader = ShowReader(document: document)
        let show = try reader.read()
        try reader.checkFontFiles(directory: directory)
        return show
    }

    /// Parses and checks manifest `text`; `path` is only what messages name.
    public static func parse(text: String, path: String) throws(ConfigError) -> Show {
        let document = try ConfigDocument(text: text, path: path)
        var reader = ShowReader(document: document)
        return try reader.read()
    }

    /// `directory/show.toml`, without doubling a trailing slash.
    public static func manifestPath(in directory: String) -> String {
        directory.hasSuffix("/") ? directory + manifestName : directory + "/" + manifestName
    }
}
