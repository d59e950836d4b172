import ConfigFile
import Glibc
import Testing
import VitrineTestSupport

@testable import Show

/// Bad input: a show of 500 folders and 10 000 tiles loads (in linear time: ids and
/// targets are looked up in sets), and a screen with more tiles than it can build in a
/// bounded time and memory is refused by name, at the first tile over the limit
/// (Authoring a show, "Limits").
@Suite struct BigShowTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        var a = timespec()
        var b = timespec()
        clock_gettime(CLOCK_MONOTONIC, &a)
        try body()
        clock_gettime(CLOCK_MONOTONIC, &b)
        return Double(b.tv_sec - a.tv_sec) + Double(b.tv_nsec - a.tv_nsec) * 1e-9
    }

    @Test func fiveHundredFoldersAndTenThousandTilesLoad() throws {
        let text = BigShowManifest.text(homeTiles: 500, folders: 500, tilesPerFolder: 19)
        #expect(text.utf8.count < ConfigDocument.maxBytes)
        var show: Show?
        let took = try Self.seconds { show = try Show.parse(text: text, path: "show.toml") }
        let big = try #require(show)
        #expect(big.home.tiles.count == 500 && big.folders.count == 500)
        #expect(big.home.tiles.count + big.folders.reduce(0) { $0 + $1.tiles.count } == 10_000)
        #expect(big.folder(id: "f499")?.tiles.count == 19)
        print("500 folders, 10 000 tiles (\(text.utf8.count) bytes) parsed and checked in \(Int(took * 1000)) ms")
    }

    /// At the limits: 500 tiles at home, 100 in a folder. One more: the error names the
    /// first tile over, its line, the count and the limit.
    @Test func theHomeScreenHoldsAtMost500TilesAndAFolder100() throws {
        let atLimit = BigShowManifest.text(homeTiles: Limits.homeTiles, folders: 2, tilesPerFolder: Limits.folderTiles)
        let show = try Show.parse(text: atLimit, path: "show.toml")
        #expect(show.home.tiles.count == 500 && show.folders[1].tiles.count == 100)

        let home = BigShowManifest.text(homeTiles: 10_000, folders: 0, tilesPerFolder: 0)
        let homeLine = BigShowManifest.line(of: "\"Folder 500\"", in: home)
        #expect(throws: ConfigError(
            file: "show.toml", line: homeLine, key: "home.tiles[500]",
            message: "too many tiles (10000): the home screen holds at most 500")) {
            try Show.parse(text: home, path: "show.toml")
        }
        let folder = BigShowManifest.text(homeTiles: 2, folders: 2, tilesPerFolder: 101)
        let folderLine = BigShowManifest.line(of: "\"T0.100\"", in: folder)
        let error = ConfigError(
            file: "show.toml", line: folderLine, key: "folder[0].tiles[100]",
            message: "too many tiles (101): a folder holds at most 100")
        #expect(throws: error) { try Show.parse(text: folder, path: "show.toml") }
        #expect(error.description == "show.toml:\(folderLine): folder[0].tiles[100]: too many tiles (101): a folder holds at most 100")
    }

    /// The menu holds at most 50 items, as a screen holds at most so many tiles: 10 000
    /// made every frame of its drop 35 ms. The first item over is named, with its line.
    @Test func theMenuHoldsAtMost50Items() throws {
        func manifest(items: Int) -> String {
            BigShowManifest.text(homeTiles: 1, folders: 0, tilesPerFolder: 0) + "\n[menu]\nitems = [\n"
                + (0..<items).map { "  { title = \"Item \($0)\", open = \"home\" },\n" }.joined() + "]\n"
        }
        let show = try Show.parse(text: manifest(items: Limits.menuItems), path: "show.toml")
        #expect(show.menu.count == 50)
        let big = manifest(items: 10_000)
        let line = BigShowManifest.line(of: "\"Item 50\"", in: big)
        let error = ConfigError(
            file: "show.toml", line: line, key: "menu.items[50]",
            message: "too many items (10000): the menu holds at most 50")
        #expect(throws: error) { try Show.parse(text: big, path: "show.toml") }
        #expect(error.description == "show.toml:\(line): menu.items[50]: too many items (10000): the menu holds at most 50")
    }

    /// 20 000 folders make a manifest over 1 MiB: refused before it is parsed.
    @Test func aManifestOverOneMebibyteIsRefusedUnparsed() throws {
        let dir = try TempDirectory()
        let text = BigShowManifest.text(homeTiles: 1, folders: 20_000, tilesPerFolder: 0)
        #expect(text.utf8.count > ConfigDocument.maxBytes)
        try dir.write(text, to: "show.toml")
        #expect(throws: ConfigError(
            file: dir.file("show.toml"), line: nil, key: "",
            message: "too big for a configuration file (over 1048576 bytes)")) {
            try Show.load(directory: dir.path)
        }
    }

    /// Duplicate ids are still found, with the first one's place, among 500.
    @Test func aDuplicateAmongFiveHundredFoldersIsNamed() throws {
        var text = BigShowManifest.text(homeTiles: 1, folders: 500, tilesPerFolder: 0)
        let range = try #require(text.firstRange(of: "id = \"f499\""))
        text.replaceSubrange(range, with: "id = \"f17\"")
        // The id line comes just before the folder's title line.
        let line = BigShowManifest.line(of: "title = \"Folder 499\"", in: text) - 1
        #expect(throws: ConfigError(
            file: "show.toml", line: line, key: "folder[499].id", message: "duplicate id \"f17\" (also folder[17])")) {
            try Show.parse(text: text, path: "show.toml")
        }
    }
}
