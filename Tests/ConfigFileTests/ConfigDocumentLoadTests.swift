internal import Glibc
import Testing

@testable import ConfigFile

/// `ConfigDocument.load` reads regular files only, and never waits: a FIFO, a directory
/// or a device is refused by its type, before anything is read.
@Suite struct ConfigDocumentLoadTests {
    /// A fresh directory under /tmp, removed (with the files these tests make) afterwards.
    final class Scratch {
        let path: String
        private var made: [String] = []

        init() throws {
            var template = Array("/tmp/vitrine-config-XXXXXX".utf8CString)
            let dir = try #require(mkdtemp(&template))
            path = String(cString: dir)
        }

        deinit {
            for file in made { unlink(file) }
            rmdir(path)
        }

        func name(_ file: String) -> String {
            made.append(path + "/" + file)
            return path + "/" + file
        }

        func write(_ bytes: [UInt8], to file: String) throws -> String {
            let full = name(file)
            let f = try #require(fopen(full, "wb"))
            defer { fclose(f) }
            #expect(fwrite(bytes, 1, bytes.count, f) == bytes.count)
            return full
        }
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let scratch = try Scratch()
        let fifo = scratch.name("board.toml")
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ConfigError(file: fifo, line: nil, key: "", message: "not a regular file (a FIFO)", readFailure: .notRegularFile)) {
            try ConfigDocument.load(path: fifo)
        }
    }

    @Test func aDirectoryIsRefused() throws {
        let scratch = try Scratch()
        #expect(throws: ConfigError(file: scratch.path, line: nil, key: "", message: "not a regular file (a directory)", readFailure: .notRegularFile)) {
            try ConfigDocument.load(path: scratch.path)
        }
    }

    @Test func aDeviceIsRefused() {
        #expect(throws: ConfigError(file: "/dev/null", line: nil, key: "", message: "not a regular file (a character device)", readFailure: .notRegularFile)) {
            try ConfigDocument.load(path: "/dev/null")
        }
    }

    @Test func aSymlinkToARegularFileIsRead() throws {
        let scratch = try Scratch()
        let file = try scratch.write(Array("a = 1\n".utf8), to: "real.toml")
        let link = scratch.name("link.toml")
        try #require(symlink(file, link) == 0)
        #expect(try ConfigDocument.load(path: link).root.int("a") == 1)
    }

    @Test func aMissingFileNamesTheErrno() {
        #expect(
            throws: ConfigError(
                file: "/nonexistent/board.toml", line: nil, key: "",
                message: "cannot read: No such file or directory (ENOENT)", readFailure: .errno(ENOENT))
        ) { try ConfigDocument.load(path: "/nonexistent/board.toml") }
    }

    /// A file that cannot be read at all is told apart from a mistake in one (a command
    /// exits 66 for it, 78 for a mistake); too big is a mistake in what it holds.
    @Test func unreadableFilesCarryTheirReadFailure() throws {
        let scratch = try Scratch()
        do {
            _ = try ConfigDocument.load(path: scratch.path)
            Issue.record("a directory loaded")
        } catch {
            #expect(error.readFailure == .notRegularFile && error.isUnreadable)
            #expect(error.description == "\(scratch.path): not a regular file (a directory)")
        }
        let bad = try scratch.write(Array("a = \n".utf8), to: "bad.toml")
        do {
            _ = try ConfigDocument.load(path: bad)
            Issue.record("a bad file loaded")
        } catch {
            #expect(error.readFailure == nil && !error.isUnreadable)
        }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let scratch = try Scratch()
        let big = try scratch.write(Array(repeating: UInt8(ascii: "#"), count: ConfigDocument.maxBytes + 1), to: "big.toml")
        #expect(
            throws: ConfigError(
                file: big, line: nil, key: "", message: "too big for a configuration file (over 1048576 bytes)")
        ) { try ConfigDocument.load(path: big) }
        let atLimit = try scratch.write(Array(repeating: UInt8(ascii: "#"), count: ConfigDocument.maxBytes), to: "limit.toml")
        #expect(try ConfigDocument.load(path: atLimit).root.keys.isEmpty)
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let scratch = try Scratch()
        let file = try scratch.write([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22], to: "latin1.toml")
        #expect(throws: ConfigError(file: file, line: nil, key: "", message: "not UTF-8 text")) {
            try ConfigDocument.load(path: file)
        }
    }

    @Test func aSyntaxErrorNamesTheFileAndLine() throws {
        let scratch = try Scratch()
        let file = try scratch.write(Array("ok = 1\n[[[\n".utf8), to: "t.toml")
        #expect(
            throws: ConfigError(file: file, line: 2, key: "", message: "TOML syntax: expected a key after '[[', found '['")
        ) { try ConfigDocument.load(path: file) }
    }
}
