extension Surface {
    /// Copies `source` so that its pixel (0, 0) lands on this surface's (x, y), inside
    /// `clip` (SRC: no blending). Pixels the source does not cover are left alone.
    ///
    /// Formats: any 32-bit to any 32-bit (into xrgb8888 the alpha byte becomes 0xff;
    /// from xrgb8888 into argb8888 too, since xrgb is opaque), and rgb565 to rgb565.
    /// A copy between formats of the same kind and size is a plain row-by-row memcpy.
    public func copy(from source: Surface, x: Int = 0, y: Int = 0, clip: PixelRect? = nil, path: KernelPath = .fast)
        throws(RasterError)
    {
        let sameKind = format.bytesPerPixel == source.format.bytesPerPixel && format != .a8 && source.format != .a8
        guard sameKind else { throw .unsupportedFormat(source.format, role: "copy source into \(format)") }
        let r = resolve(clip).intersection(source.bounds.offsetBy(dx: x, dy: y))
        guard !r.isEmpty else { return }
        let setAlpha: UInt32 = (format == .xrgb8888 && source.format == .argb8888)
            || (format == .argb8888 && source.format == .xrgb8888) ? 0xff00_0000 : 0
        let bpp = format.bytesPerPixel
        for dy in r.y..<r.maxY {
            let sy = dy - y, sx = r.x - x
            switch (path, setAlpha) {
            case (.fast, 0):
                (baseAddress + dy * stride + r.x * bpp).copyMemory(
                    from: source.baseAddress + sy * source.stride + sx * bpp, byteCount: r.width * bpp)
            case (_, _) where bpp == 2:
                let d = row(dy, as: UInt16.self) + r.x, s = source.row(sy, as: UInt16.self) + sx
                for i in 0..<r.width { d[i] = s[i] }
            default:
                let d = row(dy, as: UInt32.self) + r.x, s = source.row(sy, as: UInt32.self) + sx
                for i in 0..<r.width { d[i] = s[i] | setAlpha }
            }
        }
    }
}
