import Raster

/// Small antialiased shapes drawn once into pictures (never per frame): the home
/// screen's page dots and the folder panel's arrow.
///
/// Coverage: each pixel is sampled on a 4 x 4 grid at sample centres ((x + (i + 0.5) / 4)
/// for i in 0..<4, likewise y); the colour (premultiplied 0xAARRGGBB) is scaled by the
/// fraction of samples inside, per channel rounded to nearest. The result is argb8888.
enum ScreenShapes {
    /// A disc of `diameter` pixels filling a square picture of that side.
    static func disc(diameter: Int, color: UInt32) -> Surface {
        let d = Swift.max(1, diameter)
        let r = Double(d) / 2
        return shape(width: d, height: d, color: color) { x, y in
            let dx = x - r
            let dy = y - r
            return dx * dx + dy * dy <= r * r
        }
    }

    /// A triangle pointing up: its base along the picture's bottom edge, its apex at the
    /// top edge's middle, in a `width` x `height` picture (the folder panel's arrow).
    static func upArrow(width: Int, height: Int, color: UInt32) -> Surface {
        let w = Double(Swift.max(1, width))
        let h = Double(Swift.max(1, height))
        return shape(width: Swift.max(1, width), height: Swift.max(1, height), color: color) { x, y in
            // Inside when the half-width at height y (from the apex) reaches x.
            let half = (w / 2) * (y / h)
            return Swift.abs(x - w / 2) <= half
        }
    }

    /// A `width` x `height` picture where `inside(x, y)` (pixel-space sample points) says
    /// which samples the shape covers.
    static func shape(width: Int, height: Int, color: UInt32, inside: (Double, Double) -> Bool) -> Surface {
        let s = try! Surface(width: width, height: height, format: .argb8888)  // callers clamp both to >= 1
        for y in 0..<height {
            let row = s.row(y, as: UInt32.self)
            for x in 0..<width {
                var n: UInt32 = 0
                for j in 0..<4 {
                    for i in 0..<4 where inside(Double(x) + (Double(i) + 0.5) / 4, Double(y) + (Double(j) + 0.5) / 4) {
                        n += 1
                    }
                }
                row[x] = scale(color, coverage: n)
            }
        }
        return s
    }

    /// `color` times n / 16 per channel, rounded to nearest.
    static func scale(_ color: UInt32, coverage n: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let c = (color >> UInt32(shift)) & 0xff
            out |= ((c * n + 8) / 16) << UInt32(shift)
        }
        return out
    }
}
