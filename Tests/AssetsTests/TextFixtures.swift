import Raster
@testable import Assets

/// Shared helpers for the text tests.
enum TextFixtures {
    /// `body`'s error as its one-line description, or nil if it did not throw.
    static func fontMessage<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as FontError {
            return error.description
        } catch {
            return "not a FontError: \(error)"
        }
    }

    /// The smallest rectangle holding every pixel with a non-zero alpha, or nil.
    static func inkBounds(_ s: Surface) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<s.height {
            for x in 0..<s.width where s[x, y] >> 24 != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Pixels with non-zero alpha in `rect` of `s`.
    static func inkCount(_ s: Surface, in rect: PixelRect? = nil) -> Int {
        let r = (rect ?? s.bounds).intersection(s.bounds)
        var n = 0
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX where s[x, y] >> 24 != 0 { n += 1 }
        }
        return n
    }

    /// Every byte of the surface (rows only, padding excluded).
    static func bytes(_ s: Surface) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<s.height {
            out += UnsafeBufferPointer(start: s.row(y, as: UInt8.self), count: s.rowBytes)
        }
        return out
    }

    /// `font`'s bytes with the table directory's `tag` renamed to `replacement`, so the
    /// table looks missing to FreeType.
    static func renamingTable(_ font: [UInt8], _ tag: String, to replacement: String) -> [UInt8] {
        var bytes = font
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<count {
            let at = 12 + 16 * i
            if Array(bytes[at..<at + 4]) == Array(tag.utf8) {
                bytes.replaceSubrange(at..<at + 4, with: Array(replacement.utf8))
            }
        }
        return bytes
    }

    /// A one-glyph BDF font: a format FreeType reads, bitmap only.
    static let bdf = """
        STARTFONT 2.1
        FONT -vitrine-test-medium-r-normal--8-80-75-75-c-80-iso10646-1
        SIZE 8 75 75
        FONTBOUNDINGBOX 8 8 0 0
        STARTPROPERTIES 4
        FONT_ASCENT 8
        FONT_DESCENT 0
        CHARSET_REGISTRY "ISO10646"
        CHARSET_ENCODING "1"
        ENDPROPERTIES
        CHARS 1
        STARTCHAR A
        ENCODING 65
        SWIDTH 500 0
        DWIDTH 8 0
        BBX 8 8 0 0
        BITMAP
        18
        24
        42
        7E
        42
        42
        42
        00
        ENDCHAR
        ENDFONT

        """
}
