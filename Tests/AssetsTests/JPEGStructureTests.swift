import Testing
@testable import Assets

/// The marker walk that tells a truncated JPEG from a corrupt one.
@Suite("JPEG marker structure")
struct JPEGStructureTests {
    static func walk(_ bytes: [UInt8]) -> JPEG.Structure {
        bytes.withUnsafeBufferPointer { JPEG.structure(of: $0) }
    }

    @Test func wholeFileEndsAtEOI() {
        let jpeg = JPEGFixtures.smallJPEG()
        #expect(Self.walk(jpeg) == .complete(end: jpeg.count))
        #expect(Self.walk(jpeg + [1, 2, 3]) == .complete(end: jpeg.count), "bytes after EOI")
    }

    /// Stuffed zeros, restart markers and fill bytes in scan data are not the end.
    @Test func scanDataEscapes() {
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x02]
        let scan: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF, 0xD7, 0x78]
        let file = [0xFF, 0xD8] + sos + scan + [0xFF, 0xD9]
        #expect(Self.walk(file) == .complete(end: file.count))
        #expect(Self.walk([0xFF, 0xD8] + sos + scan) == .truncated)
        #expect(Self.walk([0xFF, 0xD8] + sos + scan + [0xFF]) == .truncated)
    }

    @Test func cutsAndDamage() {
        #expect(Self.walk([0xFF, 0xD8]) == .truncated)
        #expect(Self.walk([0xFF, 0xD8, 0xFF, 0xE0, 0x00]) == .truncated, "inside a length")
        #expect(Self.walk([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A]) == .truncated, "inside a segment")
        #expect(Self.walk([0xFF, 0xD8, 0x00, 0xFF, 0xD9]) == .malformed(at: 2), "a byte where a marker must be")
        #expect(Self.walk([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xD9]) == .malformed(at: 4), "a length below 2")
        #expect(Self.walk([0x89, 0x50]) == .malformed(at: 0))
    }
}
