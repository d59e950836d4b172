import Raster

/// What a layer draws in its bounds, under its sublayers.
public enum LayerContents: Equatable {
    /// Nothing: the layer only holds sublayers (or is a hit-test target).
    case none
    /// A 32-bit image (premultiplied argb8888, or xrgb8888 when opaque), stretched to
    /// fill the bounds (Core Animation's default contents gravity, `resize`). Images are
    /// compared by identity: assign a new Surface to change the picture.
    case image(Surface)
    /// A solid colour, premultiplied 0xAARRGGBB (see `Color`).
    case color(UInt32)
    /// A string laid out in the bounds by the compositor's `TextRasterizing`.
    case text(String, TextAttributes)

    public static func == (l: LayerContents, r: LayerContents) -> Bool {
        switch (l, r) {
        case (.none, .none): true
        case (.image(let a), .image(let b)): a === b
        case (.color(let a), .color(let b)): a == b
        case (.text(let a, let s), .text(let b, let t)): a == b && s == t
        default: false
        }
    }
}

/// Premultiplied colour words for `LayerContents.color`.
public enum Color {
    /// 0xAARRGGBB from straight (not premultiplied) 8-bit channels, each colour channel
    /// multiplied by alpha / 255 rounded to nearest.
    public static func premultiplied(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) -> UInt32 {
        let a = UInt32(alpha)
        func mul(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return a << 24 | mul(red) << 16 | mul(green) << 8 | mul(blue)
    }

    /// A straight 0xAARRGGBB word, premultiplied.
    public static func premultiplied(_ straight: UInt32) -> UInt32 {
        premultiplied(
            red: UInt8(truncatingIfNeeded: straight >> 16), green: UInt8(truncatingIfNeeded: straight >> 8),
            blue: UInt8(truncatingIfNeeded: straight), alpha: UInt8(truncatingIfNeeded: straight >> 24))
    }

    /// A premultiplied colour scaled by an opacity (0...255), per channel rounded to
    /// nearest as the kernels do.
    static func scaled(_ c: UInt32, by opacity: UInt8) -> UInt32 {
        scalePremultiplied(c, by: opacity)
    }
}
