import Testing
@testable import Assets

@Suite("CRC-32")
struct CRC32Tests {
    @Test func knownValues() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    /// Every chunk libspng writes carries a CRC computed by zlib: ours agrees.
    @Test func agreesWithLibspng() {
        let png = Fixtures.smallPNG(width: 20, height: 20)
        var at = 8
        var checked = 0
        while at + 12 <= png.count {
            let length = png.bigEndianUInt32(at: at)
            let end = at + 8 + Int(length)
            #expect(CRC32.checksum(png[at + 4..<end]) == png.bigEndianUInt32(at: end))
            at = end + 4
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func incrementalEqualsWhole() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        var crc = CRC32()
        crc.update(bytes[..<333])
        crc.update(bytes[333...])
        #expect(crc.value == CRC32.checksum(bytes))
    }
}
