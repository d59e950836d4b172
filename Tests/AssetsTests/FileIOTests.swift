import Testing
import Glibc
@testable import Assets

@Suite("FileIO")
struct FileIOTests {
    @Test func writeThenReadBack() throws {
        let dir = TempDirectory()
        let path = dir.file("data.bin")
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileIO.writeAtomically(bytes, to: path)
        #expect(try FileIO.readAll(path: path) == bytes)
        try FileIO.writeAtomically([1, 2, 3], to: path)
        #expect(try FileIO.readAll(path: path) == [1, 2, 3])
        #expect(dir.entries == ["data.bin"])
    }

    @Test func emptyFile() throws {
        let dir = TempDirectory()
        let path = dir.file("empty")
        try FileIO.writeAtomically([], to: path)
        #expect(try FileIO.readAll(path: path) == [])
        #expect(try FileIO.readAll(path: path, maxBytes: 0) == [])
    }

    /// A stale temporary file (a writer killed mid-write) is simply replaced.
    @Test func staleTemporaryFileIsReplaced() throws {
        let dir = TempDirectory()
        let path = dir.file("out.png")
        try FileIO.writeAtomically(Array(repeating: 9, count: 100), to: path + ".tmp")
        try FileIO.writeAtomically([4, 5], to: path)
        #expect(try FileIO.readAll(path: path) == [4, 5])
        #expect(dir.entries == ["out.png"])
    }

    @Test func sizeLimitIsInclusive() throws {
        let dir = TempDirectory()
        let path = dir.file("five")
        try FileIO.writeAtomically([1, 2, 3, 4, 5], to: path)
        #expect(try FileIO.readAll(path: path, maxBytes: 5) == [1, 2, 3, 4, 5])
        #expect(throws: ImageError.fileTooLarge(path: path, bytes: 5, limit: 4)) {
            try FileIO.readAll(path: path, maxBytes: 4)
        }
    }

    /// Files whose size `fstat` reports as 0 (procfs) are read until they end.
    @Test func fileWithoutASize() throws {
        let bytes = try FileIO.readAll(path: "/proc/self/status")
        #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "Name:")
    }

    @Test func errorsNameErrno() {
        #expect(
            ImageError.unreadable(path: "a", errno: EACCES).description
                == "a: cannot read: Permission denied (EACCES)")
        #expect(
            ImageError.writeFailed(path: "b", errno: ENOSPC).description
                == "b: cannot write: No space left on device (ENOSPC)")
        #expect(
            ImageError.writeFailed(path: "c", errno: 4095).description
                == "c: cannot write: Unknown error 4095 (errno 4095)")
    }

    @Test func pathOfEveryError() {
        let errors: [ImageError] = [
            .notFound(path: "p"), .unreadable(path: "p", errno: EIO), .fileTooLarge(path: "p", bytes: 2, limit: 1),
            .truncated(path: "p", format: .png, bytes: 3), .corrupt(path: "p", format: .jpeg, reason: "r"),
            .tooLarge(path: "p", format: .png, width: 1, height: 1, limits: .default),
            .unsupported(path: "p", reason: "r"), .encodeFailed(path: "p", format: .png, reason: "r"),
            .writeFailed(path: "p", errno: EIO),
        ]
        for e in errors {
            #expect(e.path == "p")
            #expect(e.description.hasPrefix("p: "))
        }
    }
}
