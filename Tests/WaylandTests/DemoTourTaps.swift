import Testing
import VitrineTestSupport

/// Where the demo tour taps on the 800x480 panel, in panel pixels: its script, which
/// `vitrine render --tour` writes from the layout code, read by the words of each tap's
/// comment ("open the folder", "close the folder").
struct DemoTourTaps {
    let script: [Substring]

    /// Renders the tour (one frame a second) into `folder` for its script.
    init(vitrine: String, root: String, folder: String) throws {
        let r = try ChildProcess.run(
            [vitrine, "render", "--board", root + "/board/headless-800x480.toml", "--tour", "--fps", "1", "--out", folder])
        try #require(r.status == 0, "\(r.stderr)")
        script = ChildProcess.read(folder + "/tour.touch").split(separator: "\n")
    }

    /// The first tap whose comment holds `words`.
    func point(_ words: String) throws -> (x: Int, y: Int) {
        let line = try #require(script.first { $0.contains("tap") && $0.contains(words) }, "no tap to \(words)")
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        return (try #require(Int(fields[2])), try #require(Int(fields[3])))
    }
}
