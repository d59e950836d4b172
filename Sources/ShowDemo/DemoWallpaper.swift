import Raster
import Show

/// The home screen's wallpaper: a navy-to-plum gradient with soft, out-of-focus lights
/// (seeded: the same picture every run).
enum DemoWallpaper {
    static let size = (width: 1920, height: 1080)

    static func draw(width w: Int, height h: Int) -> Surface {
        let c = DemoCanvas(width: w, height: h, opaque: true)
        let W = Double(w)
        let H = Double(h)
        let u = Double(min(w, h))
        c.verticalGradient(c.surface.bounds, top: 0xFF14_1F3A, bottom: 0xFF3B_2654)
        // A wide, low glow like a horizon.
        c.glow(cx: W * 0.5, cy: H * 1.05, rx: W * 0.7, ry: H * 0.45, 0x50E0_7A9A, steps: 20, inner: 0.2)
        var random = DemoRandom(seed: 0x5741_4C4C)  // "WALL"
        let colours: [UInt32] = [0xFF5C_E1E6, 0xFFF2_C14E, 0xFFFF_8FA3, 0xFF9B_8CFF, 0xFFFF_FFFF]
        for _ in 0..<16 {
            let r = u * random.double(0.04, 0.16)
            let alpha = UInt32(random.double(40, 110))
            c.glow(
                cx: W * random.double(0, 1), cy: H * random.double(0.05, 0.95), rx: r, ry: r,
                withAlpha(random.pick(colours), alpha), steps: 10, inner: 0.7)
        }
        return c.surface
    }
}
