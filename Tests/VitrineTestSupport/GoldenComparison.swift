import Raster

/// A per-channel comparison of two 32-bit surfaces of one size (`golden` and `actual`,
/// as their PNGs decode), and the diff image that shows it.
struct GoldenComparison {
    let golden: Surface
    let actual: Surface
    let tolerance: Int
    /// Pixels where some channel differs by more than `tolerance`.
    private(set) var differingPixels = 0
    /// The largest difference of any channel of any pixel, within tolerance or not.
    private(set) var largestDifference = 0

    init(golden: Surface, actual: Surface, tolerance: Int) {
        self.golden = golden
        self.actual = actual
        self.tolerance = tolerance
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let d = Self.difference(golden[x, y], actual[x, y])
                largestDifference = max(largestDifference, d)
                if d > tolerance { differingPixels += 1 }
            }
        }
    }

    /// The largest difference of the four 8-bit channels of two 0xAARRGGBB pixels.
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            worst = max(worst, abs(Int(a >> shift & 0xff) - Int(b >> shift & 0xff)))
        }
        return worst
    }

    /// Red, opaque: a pixel that differs by more than the tolerance.
    static let differingColor: UInt32 = 0xffff_0000

    /// An opaque `.xrgb8888` image of the golden's size: `differingColor` where a pixel
    /// differs by more than the tolerance, elsewhere the golden (over black) in grey at a
    /// third of its luminance, so the red stands out and the picture still says where
    /// it is.
    func diffImage() -> Surface {
        let diff = try! Surface(width: golden.width, height: golden.height, format: .xrgb8888)  // golden's valid size
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let g = golden[x, y]
                if Self.difference(g, actual[x, y]) > tolerance {
                    diff[x, y] = Self.differingColor
                } else {
                    diff[x, y] = Self.dimmed(g)
                }
            }
        }
        return diff
    }

    /// Grey at a third of the pixel's luminance (BT.601 weights in 8 bits: 77, 150, 29),
    /// from its premultiplied colour (the pixel over black).
    static func dimmed(_ p: UInt32) -> UInt32 {
        let luma = (77 * (p >> 16 & 0xff) + 150 * (p >> 8 & 0xff) + 29 * (p & 0xff)) >> 8
        let v = luma / 3
        return 0xff00_0000 | v << 16 | v << 8 | v
    }
}
