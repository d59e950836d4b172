import Raster

/// Small deterministic pictures for compositor tests (debug builds are slow: keep them small).
enum TestImages {
    /// An opaque gradient with a marker: red rises with x, green with y, blue constant.
    static func gradient(width: Int, height: Int, blue: UInt32 = 0x80) -> Surface {
        let s = try! Surface(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            let row = s.row(y, as: UInt32.self)
            for x in 0..<width {
                let r = UInt32(x * 255 / Swift.max(1, width - 1)), g = UInt32(y * 255 / Swift.max(1, height - 1))
                row[x] = 0xff00_0000 | r << 16 | g << 8 | blue
            }
        }
        return s
    }

    /// A premultiplied translucent picture: a disc of `color` at alpha 0x80 on transparent.
    static func disc(size: Int, color: UInt32 = 0x0000_ff00) -> Surface {
        let s = try! Surface(width: size, height: size, format: .argb8888)
        s.fill(0)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
                if dx * dx + dy * dy <= c * c {
                    // 50% of an opaque colour, premultiplied.
                    let r = (color >> 16 & 0xff) / 2, g = (color >> 8 & 0xff) / 2, b = (color & 0xff) / 2
                    s[x, y] = 0x8000_0000 | r << 16 | g << 8 | b
                }
            }
        }
        return s
    }

    /// A new xrgb8888 target of the given size, filled with a colour that no test draws.
    static func target(width: Int, height: Int) -> Surface {
        let s = try! Surface(width: width, height: height, format: .xrgb8888)
        s.fill(0xff12_3456)
        return s
    }

    /// Pixel-for-pixel equality; the first difference for messages.
    static func firstDifference(_ a: Surface, _ b: Surface) -> String? {
        guard a.width == b.width, a.height == b.height else { return "sizes differ" }
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] | 0xff00_0000 != b[x, y] | 0xff00_0000 {
                return "(\(x), \(y)): \(String(a[x, y], radix: 16)) vs \(String(b[x, y], radix: 16))"
            }
        }
        return nil
    }
}
