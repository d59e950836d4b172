@testable import Assets
import Raster

/// JPEG test inputs, made by `JPEG.encode` from surfaces so no binary fixture is needed.
enum JPEGFixtures {
    /// A smooth opaque test card, `width` x `height`: red grows to the right, green
    /// downwards, blue is 0x40. Smooth, so a high-quality JPEG keeps it within a few levels.
    static func gradient(width: Int, height: Int) -> Surface {
        let s = try! Surface(width: width, height: height, format: .xrgb8888)
        s.withRows(as: UInt32.self) { y, row in
            for x in row.indices {
                let r = UInt32(x * 255 / max(width - 1, 1)), g = UInt32(y * 255 / max(height - 1, 1))
                row[x] = 0xff00_0000 | r << 16 | g << 8 | 0x40
            }
        }
        return s
    }

    /// A small JPEG of `gradient` (16x8, quality 90, 4:2:0 by default).
    static func smallJPEG(
        width: Int = 16, height: Int = 8, quality: Int = 90, subsampling: JPEG.Subsampling = .yuv420
    ) -> [UInt8] {
        try! JPEG.encode(gradient(width: width, height: height), quality: quality, subsampling: subsampling)
    }

    /// Offset of the first marker with `code` (e.g. 0xC0 for SOF0) outside entropy data:
    /// the offset of its FF byte.
    static func marker(_ code: UInt8, in jpeg: [UInt8]) -> Int? {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            if jpeg[at + 1] == code { return at }
            if jpeg[at + 1] == 0xDA { return nil }  // scan data follows: stop looking
            at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        }
        return nil
    }

    /// `jpeg` with the SOF0 frame header declaring `width` x `height` (the pixel data is
    /// left as it was: the header alone must be refused).
    static func withDeclaredSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var j = jpeg
        let sof = marker(0xC0, in: j)!
        // FF C0, length (2), precision (1), height (2), width (2).
        j[sof + 5] = UInt8(height >> 8)
        j[sof + 6] = UInt8(height & 0xff)
        j[sof + 7] = UInt8(width >> 8)
        j[sof + 8] = UInt8(width & 0xff)
        return j
    }

    /// Largest difference of any colour channel between two 32-bit surfaces of one size,
    /// and whether every pixel of `a` has its top byte at 0xff.
    static func maxChannelDifference(_ a: Surface, _ b: Surface) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                for shift: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int(p >> shift & 0xff) - Int(q >> shift & 0xff)))
                }
            }
        }
        return worst
    }

    /// Whether every pixel's top byte is 0xff.
    static func isOpaque(_ s: Surface) -> Bool {
        for y in 0..<s.height {
            for x in 0..<s.width where s[x, y] >> 24 != 0xff { return false }
        }
        return true
    }
}
