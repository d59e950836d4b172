import Assets
import ConfigFile
import Glibc
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Show

/// Shows and what they name: a picture that is a FIFO, a directory or a device is the
/// placeholder and one warning (as a missing one), at once; `vitrine show init` never
/// replaces what is not a regular file; manifest errors quote at most 80 characters.
@Suite struct ShowSafetyTests {
    @Test func specialPicturesAreThePlaceholderAndOneWarningEach() throws {
        let dir = try TempDirectory()
        try dir.makeDirectory("home")
        #expect(mkfifo(dir.file("home/wall.jpg"), 0o644) == 0)
        FIFOWatchdog.start(fifo: dir.file("home/wall.jpg"))
        try dir.makeDirectory("home/icon.png")
        #expect(symlink("/dev/null", dir.file("home/null.png")) == 0)
        let assets = ShowAssets(directory: dir.path)
        for _ in 0..<3 {
            for name in ["home/wall.jpg", "home/icon.png", "home/null.png"] {
                let s = assets.image(name)
                #expect((s.width, s.height) == (64, 64))
                #expect(s[10, 20] == Placeholder.background)
            }
        }
        #expect(
            assets.takeWarnings() == [
                "\(dir.path)/home/wall.jpg: cannot read: a FIFO, not a regular file",
                "\(dir.path)/home/icon.png: cannot read: a directory, not a regular file",
                "\(dir.path)/home/null.png: cannot read: a character device, not a regular file",
            ])
        #expect(assets.takeWarnings() == [])
    }

    /// `vitrine show init` into a folder where a picture's name is a FIFO: refused by
    /// name, the FIFO left as it is, no show.toml, no temporary file.
    @Test func showInitLeavesAFIFOAlone() throws {
        let dir = try TempDirectory()
        try dir.makeDirectory("home")
        let fifo = dir.file("home/wall.jpg")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ShowWriteError.image(.notReplaceable(path: fifo, kind: .fifo))) {
            try DemoShow.write(to: dir.path)
        }
        #expect(
            ShowWriteError.image(.notReplaceable(path: fifo, kind: .fifo)).description
                == "\(fifo): not replacing a FIFO (only a regular file is replaced)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(access(dir.file("show.toml"), F_OK) != 0)
        #expect(access(fifo + ".tmp", F_OK) != 0)
    }

    func message(replacing old: String, with new: String) -> String {
        let text = ManifestFixture.replacing(old, with: new)
        do {
            _ = try Show.parse(text: text, path: "show.toml")
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func longValuesAreQuotedShort() {
        let long = String(repeating: "M", count: 1 << 20)
        let first77 = String(repeating: "M", count: 77)
        #expect(
            message(replacing: "id = \"maps\"", with: "id = \"\(long)\"")
                == "show.toml:26: folder[1].id: \"\(first77)...\" is not a valid id (use a-z, 0-9, \"-\" and \"_\")")
        #expect(
            message(replacing: "wallpaper = \"home/wall.jpg\"", with: "wallpaper = \"/\(long)\"")
                == "show.toml:12: home.wallpaper: \"/\(String(repeating: "M", count: 76))...\" must be relative to the show folder")
        let lower = String(repeating: "m", count: 1 << 20)
        #expect(
            message(replacing: "open = \"folder:books\"", with: "open = \"folder:\(lower)\"")
                == "show.toml:15: home.tiles[0].open: no folder \"\(String(repeating: "m", count: 77))...\" (folders: books, maps)")
        #expect(
            message(replacing: "open = \"shelf\" }", with: "open = \"\(long)\" }")
                == "show.toml:16: home.tiles[1].open: \"\(first77)...\" is not a target (expected home, shelf, menu, folder:<id>, book:<id> or cards:<id>)")
        // 80 characters are quoted whole.
        let eighty = String(repeating: "M", count: 80)
        #expect(
            message(replacing: "id = \"maps\"", with: "id = \"\(eighty)\"")
                == "show.toml:26: folder[1].id: \"\(eighty)\" is not a valid id (use a-z, 0-9, \"-\" and \"_\")")
    }
}
