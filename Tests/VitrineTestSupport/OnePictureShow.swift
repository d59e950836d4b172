import Assets
import Glibc
import Raster

/// A show folder whose every picture (the launch's doors and background, home's
/// wallpaper and its one tile's icon) is one plain `width` x `height` picture,
/// `wall.png`: for pictures of any shape (a 69x1 sliver as the wallpaper).
public enum OnePictureShow {
    /// Writes `wall.png` and `show.toml` (titled `title`) into the existing folder `dir`.
    public static func write(_ dir: String, title: String, width: Int, height: Int) throws {
        let wall = try Surface(width: width, height: height, format: .xrgb8888)
        wall.fill(0xff33_6699)
        try PNG.write(wall, to: dir + "/wall.png")
        let text = """
            title = "\(title)"
            [launch]
            left_door = { portrait = "wall.png", landscape = "wall.png" }
            right_door = { portrait = "wall.png", landscape = "wall.png" }
            background = { portrait = "wall.png", landscape = "wall.png" }
            [home]
            wallpaper = "wall.png"
            tiles = [ { title = "Home", icon = "wall.png", open = "home" } ]

            """
        guard let f = fopen(dir + "/show.toml", "w") else { throw OnePictureShowError.cannotWrite(dir + "/show.toml") }
        fputs(text, f)
        fclose(f)
    }
}

public enum OnePictureShowError: Error {
    case cannotWrite(String)
}
