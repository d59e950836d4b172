import Raster

/// The deterministic images the pixman reference benchmark composes
/// (Tests/bench/pixman/pixbench.c draws the same in C for pixman), the same way
/// pixel for pixel so that `vitrine bench` and pixbench do the same work. All divisions
/// are integer divisions, as there.
///
/// Sizes come from `vitrine bench -r WxH`, checked there (each side 4...16384, the width
/// even), or from the tests: valid surface sizes, so the surfaces are made with `try!`.
public enum BenchContent {
    /// The framebuffer before each workload: vertical red ramp, horizontal green ramp,
    /// a 32 px blue checkerboard. xrgb8888.
    public static func background(width w: Int, height h: Int) -> Surface {
        let s = try! Surface(width: w, height: h, format: .xrgb8888, stride: w * 4)
        s.withRows(as: UInt32.self) { y, row in
            for x in 0..<w {
                let r = 32 + 96 * y / (h - 1), g = 48 + 96 * x / (w - 1)
                let b = 128 + 48 * (((x >> 5) + (y >> 5)) & 1)
                row[x] = 0xff00_0000 | UInt32(r << 16 | g << 8 | b)
            }
        }
        return s
    }

    /// The opaque source (copy, rotate90 and to_rgb565 input): ramps, a 64 px grid of
    /// (240, 240, 240) and a red marker at 16..<64 that shows the orientation.
    public static func opaque(width w: Int, height h: Int) -> Surface {
        let s = try! Surface(width: w, height: h, format: .xrgb8888, stride: w * 4)
        s.withRows(as: UInt32.self) { y, row in
            for x in 0..<w {
                var r = 255 * x / (w - 1), g = 255 * y / (h - 1), b = (3 * x + 5 * y) & 255
                if isGrid(x, y) { (r, g, b) = (240, 240, 240) }
                if isMarker(x, y) { (r, g, b) = (255, 0, 0) }
                row[x] = 0xff00_0000 | UInt32(r << 16 | g << 8 | b)
            }
        }
        return s
    }

    /// The premultiplied source (over, over_opacity, affine, projective): a diagonal
    /// alpha ramp 24...247 (never 0 or 255, so no opaque/transparent shortcut applies),
    /// the grid and the marker at alpha 240.
    public static func premultiplied(width w: Int, height h: Int) -> Surface {
        let s = try! Surface(width: w, height: h, format: .argb8888, stride: w * 4)
        s.withRows(as: UInt32.self) { y, row in
            for x in 0..<w {
                let fx = 255 * x / (w - 1), fy = 255 * y / (h - 1)
                var a = 24 + 223 * (fx + fy) / 510
                var r = 255 - fx, g = (x + 2 * y) & 255, b = fy
                if isGrid(x, y) { (r, g, b, a) = (255, 255, 255, 240) }
                if isMarker(x, y) { (r, g, b, a) = (255, 0, 0, 240) }
                r = (r * a + 127) / 255
                g = (g * a + 127) / 255
                b = (b * a + 127) / 255
                row[x] = UInt32(a << 24 | r << 16 | g << 8 | b)
            }
        }
        return s
    }

    private static func isMarker(_ x: Int, _ y: Int) -> Bool { x >= 16 && x < 64 && y >= 16 && y < 64 }
    private static func isGrid(_ x: Int, _ y: Int) -> Bool { x % 64 == 0 || y % 64 == 0 }
}
