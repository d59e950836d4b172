import Glibc
import LinuxSystem
import Power
import Testing

/// `Backlight` on a stand-in sysfs tree: discovery of the only one, levels written as
/// round(level x max) only when they change, and paths that are not backlights refused
/// without blocking (a FIFO is never opened for long: the test would hang if it were).
struct BacklightTests {
    @Test func findsTheOnlyBacklight() throws {
        let tree = SysfsTree()
        #expect(throws: BacklightError(path: tree.root + "/sys/class/backlight", fault: .notOne(found: []))) {
            try Backlight.onlyOne(under: tree.root)
        }
        let dir = tree.backlight("10-0045")
        #expect(try Backlight.onlyOne(under: tree.root) == dir)
        #expect(try Backlight.onlyOne(under: tree.root + "/") == dir)
        tree.backlight("amdgpu_bl0")
        let error = BacklightError(
            path: tree.root + "/sys/class/backlight", fault: .notOne(found: ["10-0045", "amdgpu_bl0"]))
        #expect(throws: error) { try Backlight.onlyOne(under: tree.root) }
        #expect(error.description.hasSuffix("2 backlights (10-0045, amdgpu_bl0); name one"))
        #expect(Backlight.rooted("/sys/class/backlight/x", under: "") == "/sys/class/backlight/x")
        #expect(Backlight.rooted("/sys/class/backlight/x", under: "/tmp/t/") == "/tmp/t/sys/class/backlight/x")
    }

    @Test func writesRoundedLevelsOnlyWhenTheyChange() throws {
        let tree = SysfsTree()
        let dir = tree.backlight("bl", max: 7, level: 3)
        var backlight = try Backlight(directory: dir)
        #expect(backlight.maxBrightness == 7)
        #expect(try backlight.readLevel() == 3.0 / 7.0)
        #expect(backlight.rawLevel(0.5) == 4 && backlight.rawLevel(0.2) == 1 && backlight.rawLevel(2) == 7)
        #expect(try backlight.set(level: 0.5))
        #expect(tree.read("/sys/class/backlight/bl/brightness") == "4\n")
        // The same raw level again: nothing written (the file's stand-in value stays).
        tree.write("6\n", to: "/sys/class/backlight/bl/brightness")
        #expect(try !backlight.set(level: 0.55))
        #expect(tree.read("/sys/class/backlight/bl/brightness") == "6\n")
        #expect(try backlight.set(level: 0))
        #expect(tree.read("/sys/class/backlight/bl/brightness") == "0\n")
    }

    @Test func powersTheBacklightWhenItHasBlPower() throws {
        let tree = SysfsTree()
        var backlight = try Backlight(directory: tree.backlight("bl"))
        #expect(try backlight.setPowered(false))
        #expect(tree.read("/sys/class/backlight/bl/bl_power") == "4\n")
        #expect(try !backlight.setPowered(false))
        #expect(try backlight.setPowered(true))
        #expect(tree.read("/sys/class/backlight/bl/bl_power") == "0\n")
        unlink(tree.root + "/sys/class/backlight/bl/bl_power")
        #expect(try !backlight.setPowered(false))
    }

    @Test func refusesWhatIsNotABacklight() throws {
        let tree = SysfsTree()
        let missing = tree.root + "/sys/class/backlight/none"
        #expect(throws: BacklightError(path: missing, fault: .missing)) { try Backlight(directory: missing) }
        let empty = tree.folder("sys/class/backlight/empty")
        let notOne = BacklightError(path: empty, fault: .notABacklight)
        #expect(throws: notOne) { try Backlight(directory: empty) }
        #expect(notOne.description == "\(empty): not a backlight (no max_brightness in it)")

        let text = tree.backlight("text")
        tree.write("lots\n", to: "/sys/class/backlight/text/max_brightness")
        #expect(throws: BacklightError(path: text + "/max_brightness", fault: .notANumber("\"lots\""))) {
            try Backlight(directory: text)
        }
        let zero = tree.backlight("zero", max: 0)
        #expect(throws: BacklightError(path: zero + "/max_brightness", fault: .noLevels(0))) {
            try Backlight(directory: zero)
        }
    }

    @Test func refusesFIFOsWithoutWaiting() throws {
        let tree = SysfsTree()
        let maxFIFO = tree.folder("sys/class/backlight/a")
        try #require(mkfifo(maxFIFO + "/max_brightness", 0o644) == 0)
        let error = BacklightError(path: maxFIFO + "/max_brightness", fault: .unreadable(.notRegularFile(.fifo)))
        #expect(throws: error) { try Backlight(directory: maxFIFO) }
        #expect(error.description == "\(maxFIFO)/max_brightness: is a FIFO, not a backlight attribute")

        let brightnessFIFO = tree.backlight("b")
        unlink(brightnessFIFO + "/brightness")
        try #require(mkfifo(brightnessFIFO + "/brightness", 0o644) == 0)
        #expect(throws: BacklightError(path: brightnessFIFO + "/brightness", fault: .notRegularFile(.fifo))) {
            try Backlight(directory: brightnessFIFO)
        }
    }

    @Test func aBrightnessThatDoesNotOpenForWritingNamesTheErrno() throws {
        let tree = SysfsTree()
        let dir = tree.backlight("ro")
        // A directory in the attribute's place opens for writing with EISDIR, even for root.
        unlink(dir + "/brightness")
        mkdir(dir + "/brightness", 0o755)
        let error = BacklightError(path: dir + "/brightness", fault: .notRegularFile(.directory))
        #expect(throws: error) { try Backlight(directory: dir) }
        let denied = BacklightError(path: dir + "/brightness", fault: .cannotWrite(call: "open", SystemErrno(EACCES)))
        #expect(denied.description == "\(dir)/brightness: cannot open: Permission denied (EACCES)")
    }
}
