/// The bytes libFuzzer hands a target's test, as an array (copied: the targets'
/// entry points take arrays, as the files they read would give them).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The bytes as text: invalid UTF-8 becomes U+FFFD, so that every input reaches the
/// parser (a file that is not UTF-8 is refused before parsing, by one stdlib check).
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: fuzzBytes(data, size), as: UTF8.self)
}

/// A failed check: the message on stderr, then a trap libFuzzer records as a crash (with
/// the input that caused it).
public func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("fuzz check failed: \(message)", file: file, line: line)
}

/// Reads structured values off the input, front to back, little-endian; past the end
/// every read gives zeros (so any length is a valid input).
public struct ByteReader {
    public let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    public mutating func u8() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    public mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }

    public mutating func i16() -> Int16 { Int16(bitPattern: u16()) }

    public mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

    /// A 32-bit float from its bits: any value, NaN and the infinities included.
    public mutating func f32() -> Float { Float(bitPattern: u32()) }
}
