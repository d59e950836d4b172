/// CRC-32 as PNG (and zlib, gzip, Ethernet) computes it: polynomial 0xEDB88320
/// (reflected), initial value and final XOR 0xFFFFFFFF. Table-driven, one byte a step:
/// a PNG chunk's CRC covers its type and data, a few kilobytes per frame chunk.
///
/// Check values: `CRC32.checksum("123456789")` is 0xCBF43926; `"IEND"`'s is 0xAE426082,
/// the last four bytes of every PNG file.
struct CRC32 {
    /// The running register (before the final XOR).
    private var register: UInt32 = 0xFFFF_FFFF

    /// The CRC of everything fed so far.
    var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// Feeds `bytes` into the CRC.
    mutating func update(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            register = CRC32.table[Int((register ^ UInt32(b)) & 0xff)] ^ (register >> 8)
        }
    }

    /// The CRC of `bytes` alone.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The CRC of each byte value: 256 entries, computed once.
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
