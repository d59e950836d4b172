import Raster
import Show

/// People's portraits: a geometric head and shoulders (no face, no real person) with
/// skin, hair style, hair colour, clothes, glasses and background chosen from a seed per
/// person, so the 24 cards look varied and each is the same on every run.
enum DemoPortraits {
    static let size = 240

    static let skins: [UInt32] = [0xFFF6_D5BE, 0xFFEB_C09C, 0xFFD6_A27A, 0xFFB5_7E55, 0xFF8D_5A3B, 0xFF62_3D28]
    static let hairs: [UInt32] = [0xFF1E_1A18, 0xFF3B_2A20, 0xFF6B_4630, 0xFF9C_4A2A, 0xFFD9_B46A, 0xFFB8_B4AE]
    static let clothes: [UInt32] = [
        0xFF2B_7BC8, 0xFFC8_4B3A, 0xFF2E_8F5E, 0xFF5B_4BC8, 0xFFD0_8A1E, 0xFF33_3B4A, 0xFFD0_4F6E, 0xFF1F_8A8A,
    ]
    static let grounds: [UInt32] = [
        0xFFD8_E8F0, 0xFFF0_E0D0, 0xFFE0_F0E0, 0xFFE8_E0F4, 0xFFF4_E8C8, 0xFFF0_D8DC, 0xFFD4_E4E4,
    ]

    static func draw(person index: Int, size: Int) -> Surface {
        var random = DemoRandom(seed: 0x5045_4F50 &+ UInt64(index) &* 7919)  // "PEOP"
        let skin = random.pick(skins)
        let hair = random.pick(hairs)
        let cloth = random.pick(clothes)
        let ground = grounds[index % grounds.count]
        let style = random.index(5)
        let glasses = random.index(5) == 0
        let headWidth = random.double(0.155, 0.185)
        let headHeight = random.double(0.19, 0.22)

        let c = DemoCanvas(width: size, height: size, opaque: true)
        let s = Double(size)
        c.verticalGradient(c.surface.bounds, top: mix(ground, 0xFFFF_FFFF, 0.4), bottom: ground)
        c.glow(cx: s * 0.5, cy: s * 0.42, rx: s * 0.42, ry: s * 0.42, 0x60FF_FFFF, steps: 5, inner: 0.4)

        let cx = s * 0.5
        let headY = s * 0.40
        let rx = s * headWidth
        let ry = s * headHeight
        // Hair behind the head: long hair falls to the shoulders, curls make a wide
        // round mass, the rest only frame the head.
        switch style {
        case 1:
            c.roundedRect(
                x: cx - rx * 1.2, y: headY - ry * 1.08, width: rx * 2.4, height: ry * 2.4, radius: rx * 1.1, hair)
        case 3:
            c.ellipse(cx: cx, cy: headY - ry * 0.2, rx: rx * 1.5, ry: ry * 1.2, hair)
        case 4:
            break
        default:
            let back = PixelRect(x: 0, y: 0, width: size, height: Int(headY + ry * 0.1))
            c.ellipse(cx: cx, cy: headY - ry * 0.08, rx: rx * 1.1, ry: ry * 1.06, hair, clip: back)
        }
        // Shoulders, and the neck over them.
        let shade = mix(skin, 0xFF00_0000, 0.12)
        c.ellipse(cx: cx, cy: s * 1.0, rx: s * 0.40, ry: s * 0.36, cloth)
        c.rect(x: Int(cx - s * 0.055), y: Int(headY + ry * 0.6), width: Int(s * 0.11), height: Int(s * 0.1), shade)
        c.polygon([(cx - s * 0.075, s * 0.66), (cx + s * 0.075, s * 0.66), (cx, s * 0.76)], shade)
        // Ears, head.
        c.ellipse(cx: cx - rx, cy: headY + ry * 0.05, rx: s * 0.022, ry: s * 0.038, mix(skin, 0xFF00_0000, 0.08))
        c.ellipse(cx: cx + rx, cy: headY + ry * 0.05, rx: s * 0.022, ry: s * 0.038, mix(skin, 0xFF00_0000, 0.08))
        c.ellipse(cx: cx, cy: headY, rx: rx, ry: ry, skin)
        // The fringe over the forehead.
        let forehead = PixelRect(x: 0, y: 0, width: size, height: Int(headY - ry * 0.38))
        if style == 4 {
            c.ellipse(
                cx: cx, cy: headY - ry * 0.05, rx: rx * 1.01, ry: ry * 1.03, withAlpha(hair, 0xA0), clip: forehead)
        } else {
            c.ellipse(cx: cx, cy: headY - ry * 0.05, rx: rx * 1.04, ry: ry * 1.06, hair, clip: forehead)
        }
        if style == 2 {  // a bun on top
            c.ellipse(cx: cx, cy: headY - ry * 1.1, rx: rx * 0.45, ry: rx * 0.42, hair)
        }
        if glasses {
            let ey = headY + ry * 0.05
            let er = rx * 0.3
            for ex in [cx - rx * 0.42, cx + rx * 0.42] {
                c.ellipse(cx: ex, cy: ey, rx: er, ry: er * 0.8, 0xFF2A_2A2A)
                c.ellipse(cx: ex, cy: ey, rx: er * 0.78, ry: er * 0.58, mix(skin, 0xFFFF_FFFF, 0.25))
            }
            c.line(cx - rx * 0.14, ey, cx + rx * 0.14, ey, width: s * 0.012, 0xFF2A_2A2A)
        }
        return c.surface
    }
}
