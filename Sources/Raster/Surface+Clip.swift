extension Surface {
    /// The destination rectangle a kernel writes: `clip` (default: the whole surface)
    /// intersected with the surface's bounds. A clip partly or wholly outside the surface
    /// is cut to the surface, never an error: nothing outside the buffer is ever written,
    /// and an empty result draws nothing.
    @inline(__always)
    func resolve(_ clip: PixelRect?) -> PixelRect {
        clip.map { $0.intersection(bounds) } ?? bounds
    }

    /// Throws unless this surface's pixels are 32-bit (xrgb8888 or argb8888).
    func require32Bit(_ role: String) throws(RasterError) {
        guard format.bytesPerPixel == 4 else { throw RasterError.unsupportedFormat(format, role: role) }
    }
}
