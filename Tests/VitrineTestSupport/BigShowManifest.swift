/// The text of a show manifest far bigger than any real show (500 folders and 10 000
/// tiles), over the demo show's pictures (`vitrine show init` writes them), one tile a
/// line so that tests can name the line of any tile.
public enum BigShowManifest {
    /// The four demo icons the tiles take in turn.
    public static let icons = ["icons/visit.png", "icons/books.png", "icons/shelf.png", "icons/people.png"]

    /// `homeTiles` tiles on the home screen (the first `folders` of them open folders
    /// `f0`, `f1`, ...; the rest open home), and `folders` folders of `tilesPerFolder`
    /// tiles each (opening home).
    public static func text(homeTiles: Int, folders: Int, tilesPerFolder: Int) -> String {
        var out = """
            title = "Big"

            [launch]
            left_door = { portrait = "launch/left-p.png", landscape = "launch/left-l.png" }
            right_door = { portrait = "launch/right-p.png", landscape = "launch/right-l.png" }
            background = { portrait = "launch/bg-p.png", landscape = "launch/bg-l.png" }

            [home]
            wallpaper = "home/wall.jpg"
            columns = 4
            tiles = [

            """
        for i in 0..<homeTiles {
            let open = i < folders ? "folder:f\(i)" : "home"
            out += "  { title = \"Folder \(i)\", icon = \"\(icons[i % 4])\", open = \"\(open)\" },\n"
        }
        out += "]\n"
        for f in 0..<folders {
            out += "\n[[folder]]\nid = \"f\(f)\"\ntitle = \"Folder \(f)\"\ntiles = [\n"
            for t in 0..<tilesPerFolder {
                out += "  { title = \"T\(f).\(t)\", icon = \"\(icons[t % 4])\", open = \"home\" },\n"
            }
            out += "]\n"
        }
        return out
    }

    /// The 1-based line of the first line of `text` that contains `needle` (0: none).
    public static func line(of needle: String, in text: String) -> Int {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(needle) {
            return i + 1
        }
        return 0
    }
}
