import LinuxSystem
import Glibc
import MessageText
import Testing
import VitrineTestSupport

@testable import Input

/// What a touch script path names, where its points may be, and how long a quoted token
/// may get. Every message word for word.
@Suite struct TouchScriptSafetyTests {
    func message(_ script: String, panel: PanelSize? = nil) -> String {
        do {
            _ = try TouchScript.parse(script, path: "tour.touch", panel: panel)
            return "accepted"
        } catch {
            return error.description
        }
    }

    // MARK: What the path names

    /// A FIFO named as the script: refused at once (opening it must not wait for a
    /// writer; the watchdog releases a reader that did wait, so a hang fails).
    @Test func aFIFOIsRefusedWithoutWaiting() {
        let dir = TempDirectory()
        let path = dir.makeFIFO("tour.touch")
        FIFOWatchdog.start(fifo: path)
        #expect(throws: TouchScriptError(path: path, line: nil, fault: .notRegularFile(kind: "a FIFO"))) {
            try TouchScript.load(path: path)
        }
        #expect(
            TouchScriptError(path: path, line: nil, fault: .notRegularFile(kind: "a FIFO")).description
                == "\(path): cannot read: a FIFO, not a regular file")
    }

    /// Every kind of thing that is not a regular file, by what it is.
    @Test func everyKindIsNamed() {
        let dir = TempDirectory()
        let folder = dir.makeDirectory("folder.touch")
        #expect(throws: TouchScriptError(path: folder, line: nil, fault: .notRegularFile(kind: "a directory"))) {
            try TouchScript.load(path: folder)
        }
        #expect(throws: TouchScriptError(path: "/dev/null", line: nil, fault: .notRegularFile(kind: "a character device"))) {
            try TouchScript.load(path: "/dev/null", panel: PanelSize(width: 800, height: 480))
        }
        #expect(FileKind(mode: S_IFSOCK).description == "a socket")
        #expect(FileKind(mode: S_IFBLK).description == "a block device")
        #expect(FileKind(mode: S_IFIFO).description == "a FIFO")
    }

    /// A symbolic link to a regular file is read (the file is what counts).
    @Test func aLinkToAFileIsRead() throws {
        let dir = TempDirectory()
        let real = dir.write("real.touch", "0 tap 1 1\n")
        let link = dir.file("link.touch")
        #expect(symlink(real, link) == 0)
        defer { unlink(link) }
        #expect(try TouchScript.load(path: link).events.count == 4)
    }

    // MARK: Coordinates: on some panel, and on this panel when known

    @Test func pointsMustBeOnTheLargestPanel() {
        let off = "is not on any panel: coordinates are from 0 to 8191 pixels"
        #expect(message("0 tap 99999999 1") == "tour.touch:1: x 99999999 \(off)")
        #expect(message("0 tap 1 -1") == "tour.touch:1: y -1 \(off)")
        #expect(message("0 tap 8192 1") == "tour.touch:1: x 8192 \(off)")
        #expect(message("0 tap 8191.5 1") == "tour.touch:1: x 8191.5 \(off)")
        #expect(message("0 down 0 1 1e6") == "tour.touch:1: y 1e6 \(off)")
        #expect(message("0 down 0 1 1\n0.1 move 0 1 9000") == "tour.touch:2: y 9000 \(off)")
        #expect(message("0 longpress 10000 1 1") == "tour.touch:1: x 10000 \(off)")
        #expect(message("0 swipe 1 1 8192 1 0.5") == "tour.touch:1: x1 8192 \(off)")
        #expect(message("0 swipe 1 1 1 -3 0.5") == "tour.touch:1: y1 -3 \(off)")
        // The edges of the largest panel, and -0, are on it.
        #expect(message("0 tap 8191 8191\n1 tap 0 -0\n2 swipe 0 0 8191 8191 0.1") == "accepted")
    }

    @Test func pointsMustBeOnAKnownPanel() {
        let panel = PanelSize(width: 800, height: 480)
        #expect(message("0 tap 800 10", panel: panel) == "tour.touch:1: x 800 is off the 800x480 panel: x must be from 0 to 799")
        #expect(message("0 tap 10 480", panel: panel) == "tour.touch:1: y 480 is off the 800x480 panel: y must be from 0 to 479")
        #expect(
            message("0 tap 1 1\n1 swipe 700 240 900 240 0.3", panel: panel)
                == "tour.touch:2: x1 900 is off the 800x480 panel: x1 must be from 0 to 799")
        #expect(
            message("0 down 3 799.5 0", panel: panel)
                == "tour.touch:1: x 799.5 is off the 800x480 panel: x must be from 0 to 799")
        // Off every panel is said first: the panel's limits would not explain 99999999 better.
        #expect(
            message("0 tap 99999999 1", panel: panel)
                == "tour.touch:1: x 99999999 is not on any panel: coordinates are from 0 to 8191 pixels")
        #expect(message("0 tap 799 479\n1 swipe 0 0 799 479 0.2\n2 down 0 0 0", panel: panel) == "accepted")
        // A portrait panel: x and y have their own limits.
        let tall = PanelSize(width: 480, height: 800)
        #expect(message("0 tap 479 799", panel: tall) == "accepted")
        #expect(message("0 tap 500 10", panel: tall) == "tour.touch:1: x 500 is off the 480x800 panel: x must be from 0 to 479")
        // Without a panel, the same script is only held to the largest panel.
        #expect(message("0 tap 800 10") == "accepted")
    }

    @Test func loadChecksTheKnownPanel() {
        let dir = TempDirectory()
        let path = dir.write("tour.touch", "# a tour\n0 tap 100 100\n1 tap 120 130\n")
        let panel = PanelSize(width: 120, height: 200)
        #expect(
            throws: TouchScriptError(
                path: path, line: 3, fault: .coordinateOffPanel(name: "x", value: "120", panel: panel))
        ) {
            try TouchScript.load(path: path, panel: panel)
        }
        #expect(
            TouchScriptError(path: path, line: 3, fault: .coordinateOffPanel(name: "x", value: "120", panel: panel))
                .description == "\(path):3: x 120 is off the 120x200 panel: x must be from 0 to 119")
    }

    // MARK: Long tokens are shortened in messages

    @Test func aMegabyteTokenIsQuotedShort() throws {
        let long = String(repeating: "a", count: 1 << 20)
        let first77 = String(repeating: "a", count: 77)
        #expect(message("0 \(long) 1 1") == "tour.touch:1: unknown verb '\(first77)...'")
        #expect(message("0 tap \(long) 1") == "tour.touch:1: '\(first77)...' is not a number")
        #expect(message("\(long) tap 1 1") == "tour.touch:1: expected a time in seconds, got '\(first77)...'")
        let digits = String(repeating: "9", count: 1000)
        let nines = String(repeating: "9", count: 77)
        #expect(message("0 tap \(digits) 1") == "tour.touch:1: '\(nines)...' is not a finite number")
        let hundred = String(repeating: "9", count: 100)  // finite as a Double: out of range, not infinite
        #expect(message("0 down \(hundred) 1 1") == "tour.touch:1: slot \(nines)... is out of range 0...9")
        #expect(message("0 tap 1\(String(repeating: "0", count: 200)).5 1").count < 200)
        #expect(message("-\(digits) tap 1 1") == "tour.touch:1: '-\(String(repeating: "9", count: 76))...' is not a finite number")
        // The fault keeps the whole token: only the message is shortened.
        do {
            _ = try TouchScript.parse("0 \(long) 1 1", path: "t")
        } catch {
            #expect(error.fault == .unknownVerb(long))
        }
    }

    @Test func eightyCharactersAreQuotedWhole() {
        let eighty = String(repeating: "v", count: 80)
        #expect(message("0 \(eighty)") == "tour.touch:1: unknown verb '\(eighty)'")
        let eightyOne = String(repeating: "v", count: 81)
        #expect(message("0 \(eightyOne)") == "tour.touch:1: unknown verb '\(String(repeating: "v", count: 77))...'")
        // Characters, not bytes: 81 two-byte letters are shortened the same way.
        let accents = String(repeating: "é", count: 81)
        #expect(message("0 \(accents)") == "tour.touch:1: unknown verb '\(String(repeating: "é", count: 77))...'")
        #expect(shortened("") == "")
    }
}
