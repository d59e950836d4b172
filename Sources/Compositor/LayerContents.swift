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
        premultiplied(UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    /// A straight 0xAARRGGBB word, premultiplied (Raster's `premultiplied(_:)`).
    public static func premultiplied(_ straight: UInt32) -> UInt32 { Raster.premultiplied(straight) }

    /// A premultiplied colour scaled by an opacity (0...255), per channel rounded to
    /// nearest as the kernels do.
    static func scaled(_ c: UInt32, by opacity: UInt8) -> UInt32 {
        scalePremultiplied(c, by: opacity)
    }
}
