import Assets
import ConfigFile
import MessageText

extension Show {
    /// The pictures that cover a whole screen, aspect kept and cropped (home's
    /// wallpaper, the launch's backgrounds), with the key each is given under.
    var coveringPictures: [(key: String, path: AssetPath)] {
        [("home.wallpaper", home.wallpaper)]
            + (launch.map {
                [
                    ("launch.background.portrait", $0.background.portrait),
                    ("launch.background.landscape", $0.background.landscape),
                ]
            } ?? [])
    }

    /// The least part of a covering picture that must show on some screen: less, and the
    /// picture is a sliver stretched over the screen (a 69x1 wallpaper shows 3% of its
    /// width at 16:9; 1 px of its height fills the screen's).
    static let leastCoveringPart = 0.25

    /// One warning for each covering picture whose shape makes it useless in its slot:
    /// on a 16:9 screen, landscape or portrait (whichever suits it better), less than
    /// `leastCoveringPart` of it shows. It still draws (a picture of any shape covers the
    /// screen), so this is a warning, not an error: `vitrine check` says it and exits 0.
    /// Each picture's size is read with `assets` (a missing or undecodable one is the
    /// placeholder, and no shape warning: the show warns about it when it runs).
    ///
    /// - Parameter manifest: the manifest's path, to begin each warning with.
    /// - Returns: lines like `show.toml: home.wallpaper: "wall.png" is 69x1 pixels: covering
    ///   a screen, at most 3% of it shows (a covering picture's sides should be within 7:1)`.
    public func pictureShapeWarnings(assets: ShowAssets, manifest: String) -> [String] {
        var warnings: [String] = []
        for (key, path) in coveringPictures {
            let (w, h) = assets.size(path)
            guard w > 0, h > 0 else { continue }
            let shown = Self.coveredPart(width: w, height: h)
            guard shown < Self.leastCoveringPart else { continue }
            let percent = Int((shown * 100).rounded(.up))  // 0 < shown < 0.25: 1...25
            warnings.append(
                "\(manifest): \(key): \"\(shortened(path))\" is \(w)x\(h) pixels: covering a screen, at most "
                    + "\(percent)% of it shows (a covering picture's sides should be within 7:1)")
        }
        return warnings
    }

    /// The part of a `width` x `height` picture that shows when it covers a 16:9 or a
    /// 9:16 screen, whichever shows more: 0 < part <= 1.
    static func coveredPart(width: Int, height: Int) -> Double {
        let aspect = Double(width) / Double(height)
        let screens = [16.0 / 9, 9.0 / 16]
        return screens.map { Swift.min($0 / aspect, aspect / $0) }.max() ?? 1
    }
}
