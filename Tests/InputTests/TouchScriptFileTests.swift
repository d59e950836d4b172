import Glibc
import Testing
@testable import Input

@Suite struct TouchScriptFileTests {
    @Test func loadsAFile() throws {
        let dir = TempDirectory()
        let path = dir.write("tour.touch", "0 tap 400 240 # hello\n")
        let script = try TouchScript.load(path: path)
        #expect(script.path == path)
        #expect(script.events.count == 4)
    }

    @Test func aMissingFile() {
        let dir = TempDirectory()
        let path = dir.file("nope.touch")
        #expect(throws: TouchScriptError(path: path, line: nil, fault: .fileNotFound)) {
            try TouchScript.load(path: path)
        }
        #expect(TouchScriptError(path: path, line: nil, fault: .fileNotFound).description == "\(path): cannot read: No such file or directory (ENOENT)")
    }

    @Test func aDirectory() {
        let dir = TempDirectory()
        let path = dir.makeDirectory("folder.touch")
        do {
            _ = try TouchScript.load(path: path)
            Issue.record("loaded a directory")
        } catch {
            #expect(error.fault == .notRegularFile(kind: "a directory"))
            #expect(error.description == "\(path): cannot read: a directory, not a regular file")
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file"))
    func anUnreadableFile() {
        let dir = TempDirectory()
        let path = dir.write("secret.touch", "0 tap 1 1\n")
        chmod(path, 0)
        #expect(throws: TouchScriptError(path: path, line: nil, fault: .unreadable(errno: EACCES))) {
            try TouchScript.load(path: path)
        }
    }

    @Test func unreadableMessages() {
        #expect(
            TouchScriptError(path: "a.touch", line: nil, fault: .unreadable(errno: EACCES)).description
                == "a.touch: cannot read: Permission denied (EACCES)")
        #expect(
            TouchScriptError(path: "a.touch", line: nil, fault: .unreadable(errno: 4242)).description
                == "a.touch: cannot read: Unknown error 4242 (errno 4242)")
    }

    @Test func oneMebibyteIsTheLimit() throws {
        let dir = TempDirectory()
        // Exactly 1 MiB of comment lines (64 bytes each) and one event: accepted.
        let comment = Array(repeating: UInt8(ascii: "#"), count: 63) + [0x0A]
        var bytes = Array(Array(repeating: comment, count: (1 << 20) / 64 - 1).joined())
        bytes += Array("0 tap 1 1".utf8)
        bytes += Array(repeating: UInt8(ascii: " "), count: (1 << 20) - bytes.count)
        #expect(bytes.count == 1 << 20)
        let ok = dir.write("exact.touch", bytes)
        #expect(try TouchScript.load(path: ok).events.count == 4)
        // One byte more: refused, naming the path.
        let big = dir.write("big.touch", bytes + [0x0A])
        #expect(throws: TouchScriptError(path: big, line: nil, fault: .fileTooLarge(limit: 1 << 20))) {
            try TouchScript.load(path: big)
        }
        #expect(
            TouchScriptError(path: big, line: nil, fault: .fileTooLarge(limit: 1 << 20)).description
                == "\(big): larger than 1048576 bytes, the most a touch script may be")
    }

    /// Devices are not scripts: /dev/zero (no size, never ends) and /dev/null are
    /// refused before a byte is read.
    @Test func devicesAreRefused() throws {
        for device in ["/dev/zero", "/dev/null"] {
            #expect(throws: TouchScriptError(path: device, line: nil, fault: .notRegularFile(kind: "a character device"))) {
                try TouchScript.load(path: device)
            }
        }
        #expect(
            TouchScriptError(path: "/dev/null", line: nil, fault: .notRegularFile(kind: "a character device")).description
                == "/dev/null: cannot read: a character device, not a regular file")
    }

    @Test func aFileThatIsNotUTF8() {
        let dir = TempDirectory()
        let path = dir.write("latin1.touch", Array("# caf".utf8) + [0xE9] + Array("\n0 tap 1 1\n".utf8))
        #expect(throws: TouchScriptError(path: path, line: 1, fault: .notUTF8)) {
            try TouchScript.load(path: path)
        }
    }
}
