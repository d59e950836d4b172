import ConfigFile
import MessageText
import Glibc
import Testing

@testable import Board

/// The panels Vitrine supports (120 to 8192 pixels a side), checked for `[display] size`
/// and `mode`, and for sizes from elsewhere; long values quoted short. Every message word
/// for word.
@Suite struct PanelLimitTests {
    func headless(_ size: String) -> String {
        "name = \"x\"\n[display]\nbackend = \"headless\"\nsize = \"\(size)\"\n"
    }

    func message(_ text: String) -> String {
        do {
            let board = try Board.parse(text: text, path: "tiny.toml")
            return "accepted \(board.display.size?.description ?? board.display.mode?.description ?? "")"
        } catch {
            return error.description
        }
    }

    /// The boards of the review, each refused with the limits.
    @Test func tinyAndThinPanelsAreRefused() {
        #expect(message(headless("1x1")) == "tiny.toml:4: display.size: width must be from 120 to 8192 pixels, found 1")
        #expect(message(headless("2x2")) == "tiny.toml:4: display.size: width must be from 120 to 8192 pixels, found 2")
        #expect(
            message(headless("1x2000")) == "tiny.toml:4: display.size: width must be from 120 to 8192 pixels, found 1")
        #expect(
            message(headless("8192x1")) == "tiny.toml:4: display.size: height must be from 120 to 8192 pixels, found 1")
        #expect(
            message(headless("119x480")) == "tiny.toml:4: display.size: width must be from 120 to 8192 pixels, found 119")
        #expect(
            message(headless("800x119")) == "tiny.toml:4: display.size: height must be from 120 to 8192 pixels, found 119")
        #expect(
            message(headless("8193x480")) == "tiny.toml:4: display.size: width must be from 120 to 8192 pixels, found 8193")
        #expect(
            message("name = \"x\"\n[display]\nbackend = \"wayland\"\nsize = \"120x8193\"")
                == "tiny.toml:4: display.size: height must be from 120 to 8192 pixels, found 8193")
    }

    /// The smallest and the largest, and the extreme bars, are accepted.
    @Test func theLimitsAreAccepted() {
        #expect(message(headless("120x120")) == "accepted 120x120")
        #expect(message(headless("8192x8192")) == "accepted 8192x8192")
        #expect(message(headless("8192x120")) == "accepted 8192x120")
        #expect(message(headless("120x8192")) == "accepted 120x8192")
    }

    /// A DRM board's `mode` is held to the same limits.
    @Test func modesAreCheckedToo() {
        let drm = "name = \"x\"\n[display]\nbackend = \"drm\"\n"
        #expect(message(drm + "mode = \"1x1@60\"") == "tiny.toml:4: display.mode: width must be from 120 to 8192 pixels, found 1")
        #expect(message(drm + "mode = \"640x2\"") == "tiny.toml:4: display.mode: height must be from 120 to 8192 pixels, found 2")
        #expect(message(drm + "mode = \"120x120@60\"") == "accepted 120x120@60")
        #expect(message(drm + "mode = \"8192x8192\"") == "accepted 8192x8192")
    }

    /// What `vitrine render --size` (or anything else holding a size) calls.
    @Test func sizesFromElsewhere() throws {
        #expect(try PanelDimensions(parsing: "800x480") == PanelDimensions(width: 800, height: 480))
        #expect(try PanelDimensions(checkingWidth: 120, height: 8192) == PanelDimensions(width: 120, height: 8192))
        func parsed(_ text: String) -> String {
            do throws(PanelSizeError) {
                return "accepted \(try PanelDimensions(parsing: text))"
            } catch {
                return error.description
            }
        }
        #expect(parsed("1x1") == "width must be from 120 to 8192 pixels, found 1")
        #expect(parsed("8192x1") == "height must be from 120 to 8192 pixels, found 1")
        #expect(parsed("800x480@60") == "\"800x480@60\" is not WIDTHxHEIGHT (like \"800x480\")")
        #expect(parsed("800 x 480") == "\"800 x 480\" is not WIDTHxHEIGHT (like \"800x480\")")
        #expect(parsed("-800x480") == "\"-800x480\" is not WIDTHxHEIGHT (like \"800x480\")")
        #expect(parsed("99999999999999999999999x480") == "width must be from 120 to 8192 pixels, found 99999999999999999999999")
        #expect(throws: PanelSizeError.sideOutOfRange(side: .height, found: "0")) {
            try PanelDimensions(checkingWidth: 800, height: 0)
        }
        #expect(throws: PanelSizeError.sideOutOfRange(side: .width, found: "-5")) {
            try PanelDimensions(checkingWidth: -5, height: -5)
        }
        #expect(throws: PanelSizeError.notASize("")) { try PanelDimensions(parsing: "") }
        #expect(PanelDimensions.range == 120...8192)
    }

    /// Values quoted in board errors are at most 80 characters.
    @Test func longValuesAreQuotedShort() {
        let long = String(repeating: "9", count: 1 << 20)
        let nines = String(repeating: "9", count: 77)
        #expect(
            message(headless("\(long)x480"))
                == "tiny.toml:4: display.size: width must be from 120 to 8192 pixels, found \(nines)...")
        #expect(
            message(headless("800y\(long)"))
                == "tiny.toml:4: display.size: \"800y\(String(repeating: "9", count: 73))...\" is not WIDTHxHEIGHT (like \"800x480\")")
        #expect(
            message("name = \"x\"\n[display]\nbackend = \"drm\"\nmode = \"800x480@\(long)\"")
                == "tiny.toml:4: display.mode: refresh rate must be from 1 to 1000 Hz, found \(nines)...")
        let folder = "/" + String(repeating: "s", count: 1 << 20)
        #expect(
            message("name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\npath = \"\(folder)\"")
                == "tiny.toml:5: show.path: no show.toml in \"/\(String(repeating: "s", count: 76))...\"")
        #expect(
            PanelSizeError.notASize(String(repeating: "a", count: 81)).description
                == "\"\(String(repeating: "a", count: 77))...\" is not WIDTHxHEIGHT (like \"800x480\")")
        #expect(shortened(String(repeating: "b", count: 80)) == String(repeating: "b", count: 80))
    }

    /// A show.toml that is a FIFO (or a folder) is named for what it is, by `stat` alone:
    /// `check` never opens it.
    @Test func aManifestThatIsNotAFileIsNamed() {
        let scratch = TestFiles.makeScratchFolder()
        defer { TestFiles.remove(scratch) }
        TestFiles.makeFolder(scratch + "/pipe")
        #expect(mkfifo(scratch + "/pipe/show.toml", 0o644) == 0)
        TestFiles.makeFolder(scratch + "/dir")
        TestFiles.makeFolder(scratch + "/dir/show.toml")
        #expect(
            message("name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\npath = \"\(scratch)/pipe\"")
                == "tiny.toml:5: show.path: show.toml in \"\(scratch)/pipe\" is a FIFO, not a regular file")
        #expect(
            message("name = \"x\"\n[display]\nbackend = \"drm\"\n[show]\npath = \"\(scratch)/dir\"")
                == "tiny.toml:5: show.path: show.toml in \"\(scratch)/dir\" is a directory, not a regular file")
    }
}
