internal import CLanes

extension Surface {
    /// Copies `source` so that its pixel (0, 0) lands on this surface's (x, y), inside
    /// `clip` (SRC: no blending). Pixels the source does not cover are left alone.
    ///
    /// Formats: any 32-bit to any 32-bit (into xrgb8888 the alpha byte becomes 0xff;
    /// from xrgb8888 into argb8888 too, since xrgb is opaque), and rgb565 to rgb565.
    /// A copy between formats of the same kind and size is a plain copy of the bytes
    /// (`vitrine_copy_bytes`), row by row, or of the whole block for two gap-free surfaces.
    public func copy(from source: Surface, x: Int = 0, y: Int = 0, clip: PixelRect? = nil, path: KernelPath = .fast)
        throws(RasterError)
    {
        let sameKind = format.bytesPerPixel == source.format.bytesPerPixel && format != .a8 && source.format != .a8
        guard sameKind else { throw RasterError.unsupportedFormat(source.format, role: "copy source into \(format)") }
        let r = resolve(clip).intersection(source.bounds.offsetBy(dx: x, dy: y))
        guard !r.isEmpty else { return }
        let setAlpha: UInt32 = (format == .xrgb8888 && source.format == .argb8888)
            || (format == .argb8888 && source.format == .xrgb8888) ? 0xff00_0000 : 0
        let copied = copyRows(from: source, x: x, y: y, rect: r, setAlpha: setAlpha, path: path)
        // Checked after the call so that the call is never a tail call: Swift 6.3's
        // release build leaves the swifterror register holding `self` across a tail
        // call to memmove, and the caller then sees a thrown error that never was.
        precondition(copied == r.area * format.bytesPerPixel, "copy wrote \(copied) bytes for \(r)")
    }

    /// The copy itself, inside `r` (already clipped): returns the bytes written.
    @inline(never)
    private func copyRows(from source: Surface, x: Int, y: Int, rect r: PixelRect, setAlpha: UInt32, path: KernelPath)
        -> Int
    {
        let bpp = format.bytesPerPixel
        // Whole rows of two gap-free surfaces are one block: one copy for all of them.
        if path == .fast && setAlpha == 0 && r.x == 0 && x == 0 && r.width == width && width == source.width
            && stride == rowBytes && source.stride == source.rowBytes
        {
            vitrine_copy_bytes(
                baseAddress + r.y * stride, source.baseAddress + (r.y - y) * source.stride, r.height * stride)
            return r.area * bpp
        }
        for dy in r.y..<r.maxY {
            let sy = dy - y, sx = r.x - x
            switch (path, setAlpha) {
            case (.fast, 0):
                vitrine_copy_bytes(
                    baseAddress + dy * stride + r.x * bpp, source.baseAddress + sy * source.stride + sx * bpp,
                    r.width * bpp)
            case (_, _) where bpp == 2:
                let d = row(dy, as: UInt16.self) + r.x, s = source.row(sy, as: UInt16.self) + sx
                for i in 0..<r.width { d[i] = s[i] }
            default:
                let d = row(dy, as: UInt32.self) + r.x, s = source.row(sy, as: UInt32.self) + sx
                for i in 0..<r.width { d[i] = s[i] | setAlpha }
            }
        }
        return r.area * bpp
    }
}
