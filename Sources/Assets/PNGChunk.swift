/// One chunk of a PNG file: its 4-letter type and its data (length and CRC are implied).
/// How the animated-PNG writer takes libspng's output apart and puts frames together.
struct PNGChunk: Equatable {
    /// The 4 ASCII bytes, e.g. `IDAT`.
    var type: [UInt8]
    var data: ArraySlice<UInt8>

    init(_ type: String, _ data: ArraySlice<UInt8>) {
        self.type = Array(type.utf8)
        self.data = data
    }

    /// The type as text, for comparisons and messages.
    var name: String { String(decoding: type, as: UTF8.self) }

    /// Appends the chunk as a file holds it: length (big-endian), type, data, CRC-32 of
    /// type and data.
    func write(to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        out += type
        out += data
        var crc = CRC32()
        crc.update(type)
        crc.update(data)
        out.appendBigEndian(crc.value)
    }

    /// The chunks of a well-formed PNG (as `PNG.encode` writes it), after the signature,
    /// in order. Stops at the first chunk that does not fit in `png`; CRCs are not
    /// checked (the bytes came from libspng in this process).
    static func chunks(of png: [UInt8]) -> [PNGChunk] {
        var result: [PNGChunk] = []
        var at = PNG.signature.count
        while at + 12 <= png.count {
            let length = Int(png.bigEndianUInt32(at: at))
            guard at + 12 + length <= png.count else { break }
            result.append(PNGChunk(String(decoding: png[at + 4..<at + 8], as: UTF8.self), png[at + 8..<at + 8 + length]))
            at += 12 + length
        }
        return result
    }
}

extension [UInt8] {
    /// Appends `value` as 4 bytes, most significant first (PNG's byte order).
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
    }

    /// Appends `value` as 2 bytes, most significant first.
    mutating func appendBigEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xff)])
    }

    /// The 4 bytes at `offset`, most significant first.
    func bigEndianUInt32(at offset: Int) -> UInt32 {
        self[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
