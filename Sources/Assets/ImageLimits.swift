/// How big an image `Assets` agrees to decode, checked from the header before any pixel
/// memory is allocated, so a hostile or mistaken asset (a 100000x100000 PNG of a few
/// kilobytes) costs a warning, not the kiosk.
///
/// The defaults fit every panel Vitrine targets with room to spare: an 8192x8192 limit
/// per side and 64 MiB of decoded pixels (a 4096x4096 image at 4 bytes a pixel).
public struct ImageLimits: Sendable, Equatable, Hashable {
    /// Widest image accepted, in pixels.
    public var maxWidth: Int
    /// Tallest image accepted, in pixels.
    public var maxHeight: Int
    /// Most bytes the decoded pixels may take, counted as `width * height * 4` (the
    /// 32-bit surface they land in, before row padding).
    public var maxDecodedBytes: Int
    /// Largest file `read(path:)` loads into memory, in bytes. A valid image within the
    /// other limits is far smaller; this stops a mistaken path (a video, a disk image)
    /// from being read whole.
    public var maxFileBytes: Int

    public init(
        maxWidth: Int = 8192, maxHeight: Int = 8192,
        maxDecodedBytes: Int = 64 << 20, maxFileBytes: Int = 64 << 20
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxDecodedBytes = maxDecodedBytes
        self.maxFileBytes = maxFileBytes
    }

    /// 8192 x 8192 pixels, 64 MiB decoded, 64 MiB of file.
    public static let `default` = ImageLimits()

    /// Whether an image of `width` x `height` pixels is within every limit.
    public func allows(width: Int, height: Int) -> Bool {
        guard width <= maxWidth, height <= maxHeight else { return false }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        return !o1 && !o2 && bytes <= maxDecodedBytes
    }
}
