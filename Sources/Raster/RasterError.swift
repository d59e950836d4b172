/// What was wrong with a surface or a kernel's arguments. Thrown at the API boundary,
/// before any pixel is touched, so a failed call leaves every buffer as it was.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height is zero or negative, or more than `Surface.maxSide`.
    case invalidSize(width: Int, height: Int)
    /// The stride (bytes from one row to the next) can't hold a row of pixels.
    case strideTooSmall(stride: Int, minimum: Int)
    /// A borrowed buffer is shorter than `stride * (height - 1) + row bytes`.
    case bufferTooSmall(bytes: Int, needed: Int)
    /// A borrowed buffer's address or stride is not a multiple of the pixel size.
    case misaligned(PixelFormat)
    /// The kernel does not take this pixel format in this role.
    case unsupportedFormat(PixelFormat, role: String)
    /// Two surfaces that must have matching sizes don't.
    case sizeMismatch(expected: PixelRect, got: PixelRect)
    /// The transform has no inverse (it collapses the image to a line or a point).
    case singularTransform
    /// The homogeneous w of a projective transform is zero or negative somewhere in the
    /// destination (the horizon is on screen); the page would be drawn behind the eye.
    case horizonInDestination
    /// The kernel refused the memory for a surface: `bytes` asked for, mmap(2)'s errno.
    case noMemory(bytes: Int, errno: Int32)

    public var description: String {
        switch self {
        case .invalidSize(let w, let h): "invalid surface size \(w)x\(h): each side must be from 1 to \(Surface.maxSide) pixels"
        case .strideTooSmall(let s, let m): "stride \(s) bytes is smaller than one row (\(m) bytes)"
        case .bufferTooSmall(let b, let n): "buffer of \(b) bytes is smaller than the \(n) bytes the surface spans"
        case .misaligned(let f): "buffer address or stride is not aligned to \(f)'s \(f.bytesPerPixel)-byte pixels"
        case .unsupportedFormat(let f, let role): "\(f) is not supported as \(role)"
        case .sizeMismatch(let e, let g): "size mismatch: expected \(e.width)x\(e.height), got \(g.width)x\(g.height)"
        case .singularTransform: "transform is singular (not invertible)"
        case .horizonInDestination: "projective transform puts the horizon inside the destination"
        case .noMemory(let b, let e): "no memory for a surface of \(b) bytes (mmap: errno \(e))"
        }
    }
}
