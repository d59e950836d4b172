import Board
import Glibc
import Testing
import VitrineTestSupport

@testable import Runtime

/// Which backlight the kiosk sets, and what the log says when it can't: on stand-in sysfs
/// trees passed as the root (no environment read).
@Suite struct BacklightChoiceTests {
    @Test func theOnlyBacklightIsChosenWithItsLevel() throws {
        let tree = try BacklightTree(max: 200, level: 50)
        defer { tree.remove() }
        let choice = BacklightChoice.open(.automatic, sysfsRoot: tree.root, relied: true)
        #expect(choice.backlight?.directory == tree.directory)
        #expect(choice.startLevel == 0.25)
        #expect(choice.message == nil)
        let named = BacklightChoice.open(.path(tree.boardPath), sysfsRoot: tree.root + "/", relied: false)
        #expect(named.backlight?.directory == tree.directory)
    }

    @Test func noneLooksForNothing() throws {
        let tree = try BacklightTree(level: 50)
        defer { tree.remove() }
        #expect(BacklightChoice.open(.none, sysfsRoot: tree.root, relied: true).backlight == nil)
        #expect(BacklightChoice.open(.automatic, sysfsRoot: nil, relied: true).backlight == nil)
    }

    @Test func aNamedBacklightThatIsNotOneIsAWarning() throws {
        let tree = try BacklightTree(level: 50)
        defer { tree.remove() }
        let choice = BacklightChoice.open(.path("/sys/class/backlight/other"), sysfsRoot: tree.root, relied: false)
        #expect(choice.backlight == nil && choice.startLevel == nil)
        #expect(choice.message?.level == .warning)
        #expect(
            choice.message?.text
                == "power: backlight \(tree.root)/sys/class/backlight/other: no such file or directory: not used; the screen goes dark by the display alone, and dimming is not seen"
        )
    }

    @Test func noBacklightToPickIsANoteOnlyWhenThePowerSectionReliesOnOne() {
        var template = Array("/tmp/vitrine-sysfs-XXXXXX".utf8CString)
        let root = String(cString: mkdtemp(&template)!)
        defer { rmdir(root) }
        let relied = BacklightChoice.open(.automatic, sysfsRoot: root, relied: true)
        #expect(relied.backlight == nil && relied.message?.level == .info)
        #expect(relied.message?.text.contains("/sys/class/backlight: no backlight in it") == true)
        #expect(BacklightChoice.open(.automatic, sysfsRoot: root, relied: false).message?.level == .debug)
    }
}
