/// A rectangle of pixels in memory: what every kernel reads from and writes into.
///
/// The memory is either owned (allocated here, 64-byte aligned, freed with the surface)
/// or borrowed (a mapped DRM dumb buffer, an fbdev mapping, a decoder's output): then
/// whoever lent it keeps it alive and frees it. Rows are `stride` bytes apart; the
/// bytes between a row's last pixel and the next row are never written.
///
/// Owned memory of `mappedThreshold` bytes or more (a 256x128 32-bit picture and up) is a
/// mapping of its own (`SurfaceStorage`), given back to the kernel when the surface
/// goes; smaller surfaces come from the heap.
///
/// A `Surface` is a reference type so that a back buffer can be handed out and drawn
/// into without copying; it is not thread-safe (one thread draws at a time).
public final class Surface: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least one row).
    public let stride: Int
    public let format: PixelFormat
    /// First byte of row 0.
    public let baseAddress: UnsafeMutableRawPointer
    /// Where the pixels live: who frees them, and how.
    public let storage: SurfaceStorage
    /// Whether every page of the pixels is present (`init(...populated:)`, `populate()`);
    /// a heap or borrowed surface's always are.
    public private(set) var isPopulated = true

    /// Makes the pixels' pages present now, if they are not (`init(...populated: false)`).
    /// - Throws: `RasterError.noMemory` when the kernel has no memory for them.
    public func populate() throws(RasterError) {
        guard !isPopulated else { return }
        if case .mapped(let bytes) = storage { try SurfaceStorage.populate(baseAddress, byteCount: bytes) }
        isPopulated = true
    }

    /// A new zero-filled surface (transparent black; opaque black for `xrgb8888`'s
    /// colour channels, whose top byte reads as 0xff wherever it matters), its pages
    /// touched: no later write pays a page fault.
    /// - Parameter stride: bytes per row; default the row rounded up to 64 bytes.
    /// - Throws: `RasterError.noMemory` when a mapping of `mappedThreshold` bytes or
    ///   more is refused (a smaller allocation that fails traps, as Swift's do).
    /// - Parameter populated: false leaves a mapped surface's pages absent until
    ///   `populate()` (or the first writes: each a page fault): a surface made in a frame
    ///   that does not draw into it yet (a turn's new shadow) leaves that work to a gap.
    public init(width: Int, height: Int, format: PixelFormat, stride: Int? = nil, populated: Bool = true)
        throws(RasterError)
    {
        try Surface.validate(width: width, height: height, format: format, stride: stride)
        let rowBytes = width * format.bytesPerPixel
        let s = stride ?? (rowBytes + 63) / 64 * 64
        let (bytes, overflow) = s.multipliedReportingOverflow(by: height)
        guard !overflow else { throw RasterError.invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        self.stride = s
        self.format = format
        if bytes >= Self.mappedThreshold {
            self.baseAddress = try SurfaceStorage.map(byteCount: bytes, populate: populated)
            self.storage = .mapped(byteCount: bytes)
            isPopulated = populated
        } else {
            self.baseAddress = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 1), alignment: 64)
            self.baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            self.storage = .heap
        }
    }

    /// A surface over memory someone else owns, e.g. a mapped dumb buffer.
    /// - Parameters:
    ///   - byteCount: how many bytes from `baseAddress` may be touched; checked against
    ///     `stride * (height - 1) + width * bytesPerPixel`.
    public init(
        borrowing baseAddress: UnsafeMutableRawPointer, byteCount: Int,
        width: Int, height: Int, stride: Int, format: PixelFormat
    ) throws(RasterError) {
        try Surface.validate(width: width, height: height, format: format, stride: stride)
        let align = format.bytesPerPixel
        guard Int(bitPattern: baseAddress) % align == 0, stride % align == 0 else {
            throw RasterError.misaligned(format)
        }
        let (span, o1) = stride.multipliedReportingOverflow(by: height - 1)
        let (needed, o2) = span.addingReportingOverflow(width * format.bytesPerPixel)
        guard !o1, !o2, byteCount >= needed else {
            throw RasterError.bufferTooSmall(bytes: byteCount, needed: o1 || o2 ? Int.max : needed)
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.baseAddress = baseAddress
        self.storage = .borrowed
    }

    deinit {
        switch storage {
        case .heap: baseAddress.deallocate()
        case .mapped(let byteCount): SurfaceStorage.unmap(baseAddress, byteCount: byteCount)
        case .borrowed: break
        }
    }

    /// The longest side a surface may have, pixels: positions within one are Q16.16
    /// (the Architecture article, "Conventions"), whose whole part holds 32768 at most.
    public static let maxSide = 1 << 15

    private static func validate(width: Int, height: Int, format: PixelFormat, stride: Int?) throws(RasterError) {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            throw RasterError.invalidSize(width: width, height: height)
        }
        let rowBytes = width * format.bytesPerPixel
        if let stride, stride < rowBytes { throw RasterError.strideTooSmall(stride: stride, minimum: rowBytes) }
        if let stride, stride % format.bytesPerPixel != 0 { throw RasterError.misaligned(format) }
    }

    /// The whole surface as a rectangle at the origin.
    public var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// Bytes one row of pixels takes (without the stride's padding).
    public var rowBytes: Int { width * format.bytesPerPixel }

    /// Row `y` as typed pixels. `T` must match the format's pixel size.
    @inline(__always)
    public func row<T>(_ y: Int, as type: T.Type) -> UnsafeMutablePointer<T> {
        (baseAddress + y * stride).assumingMemoryBound(to: T.self)
    }

    /// Pixel (x, y) of a 32-bit surface, `0xAARRGGBB`. Precondition: inside, 32-bit.
    public subscript(x: Int, y: Int) -> UInt32 {
        get {
            precondition(format.bytesPerPixel == 4 && bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(bounds) or not 32-bit")
            return row(y, as: UInt32.self)[x]
        }
        set {
            precondition(format.bytesPerPixel == 4 && bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(bounds) or not 32-bit")
            row(y, as: UInt32.self)[x] = newValue
        }
    }

    /// Calls `body` with each row's pixels, as typed values.
    public func withRows<T>(as type: T.Type, _ body: (_ y: Int, UnsafeMutableBufferPointer<T>) throws -> Void) rethrows {
        precondition(MemoryLayout<T>.stride == format.bytesPerPixel, "row type does not match \(format)")
        for y in 0..<height {
            try body(y, UnsafeMutableBufferPointer(start: row(y, as: T.self), count: width))
        }
    }

    /// A new owned surface with the same size, format and pixels (tightly packed rows
    /// rounded to 64 bytes, whatever this one's stride is).
    public func copy() -> Surface {
        // Size and format were validated when self was made; no memory traps, as an
        // allocation does.
        let s = try! Surface(width: width, height: height, format: format)
        for y in 0..<height {
            s.row(y, as: UInt8.self).update(from: row(y, as: UInt8.self), count: rowBytes)
        }
        return s
    }
}

extension PixelRect {
    /// Whether pixel (x, y) is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}
