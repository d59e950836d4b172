import FixedPoint
import Raster

/// The per-frame operations of the pixman reference benchmark, by the names its lines
/// carry (Tests/bench/pixman/pixbench.c, its header). Each composes over the
/// whole W x H xrgb8888 framebuffer.
public enum BenchWorkload: String, CaseIterable, Sendable {
    case fill, copy, over
    case overOpacity = "over_opacity"
    case affineBilinear = "affine_bilinear"
    case projectiveBilinear = "projective_bilinear"
    case rotate90
    case toRGB565 = "to_rgb565"
    case memset, memcpy

    /// The workloads run when `-w` is not given: all of them, in pixbench's order.
    public static let defaults: [BenchWorkload] = allCases
}

/// One workload's buffers, made once before timing; `run()` is what is timed.
public final class BenchCase {
    public let workload: BenchWorkload
    public let width: Int
    public let height: Int
    /// The framebuffer (xrgb8888) every workload but memset/memcpy draws into.
    public let framebuffer: Surface
    /// The framebuffer's contents before the first run.
    public let background: Surface
    /// to_rgb565's output.
    public private(set) var rgb565: Surface?
    private var source: Surface?
    private var matrix = Matrix3.identity
    private var rawA: UnsafeMutableRawPointer?
    private var rawB: UnsafeMutableRawPointer?

    /// Opacity of over_opacity: 0.8, pixman's 0xcccc mask alpha in 8 bits.
    public static let opacity: UInt8 = 0xcc

    public init(_ workload: BenchWorkload, width w: Int, height h: Int) {
        self.workload = workload
        width = w
        height = h
        background = BenchContent.background(width: w, height: h)
        framebuffer = background.copy()
        switch workload {
        case .fill: break
        case .copy: source = BenchContent.opaque(width: w, height: h)
        case .over, .overOpacity: source = BenchContent.premultiplied(width: w, height: h)
        case .affineBilinear:
            source = BenchContent.premultiplied(width: w, height: h)
            matrix = BenchTransforms.affineInverse(width: w, height: h)
        case .projectiveBilinear:
            source = BenchContent.premultiplied(width: w / 2, height: h)
            matrix = BenchTransforms.projectiveInverse(width: w, height: h)
        case .rotate90: source = BenchContent.opaque(width: h, height: w)
        case .toRGB565:
            let opaque = BenchContent.opaque(width: w, height: h)
            try! framebuffer.copy(from: opaque)
            try! background.copy(from: opaque)
            rgb565 = try! Surface(width: w, height: h, format: .rgb565, stride: w * 2)
        case .memset, .memcpy:
            rawA = UnsafeMutableRawPointer.allocate(byteCount: w * h * 4, alignment: 64)
            rawB = UnsafeMutableRawPointer.allocate(byteCount: w * h * 4, alignment: 64)
            rawA!.initializeMemory(as: UInt8.self, repeating: 0, count: w * h * 4)
            rawB!.initializeMemory(as: UInt8.self, repeating: 0, count: w * h * 4)
        }
    }

    deinit {
        rawA?.deallocate()
        rawB?.deallocate()
    }

    /// Whether the workload draws into the framebuffer (memset and memcpy don't).
    public var drawsFramebuffer: Bool { workload != .memset && workload != .memcpy }

    /// One repetition of the workload, through `path`.
    public func run(path: KernelPath = .fast) {
        // Every kernel here takes these formats and sizes (made for it in `init`): the
        // throws are for arguments that cannot occur.
        let fb = framebuffer
        switch workload {
        case .fill: fb.fill(0xff20_60a0, path: path)
        case .copy: try! fb.copy(from: source!, path: path)
        case .over: try! fb.over(source!, path: path)
        case .overOpacity: try! fb.over(source!, opacity: Self.opacity, path: path)
        case .affineBilinear, .projectiveBilinear:
            try! fb.draw(source!, destinationToSource: matrix, filter: .bilinear, path: path)
        case .rotate90: try! fb.rotate(from: source!, turn: .clockwise90, path: path)
        case .toRGB565: try! rgb565!.convert(from: fb, path: path)
        case .memset: rawA!.initializeMemory(as: UInt8.self, repeating: 0x5a, count: width * height * 4)
        case .memcpy: rawB!.copyMemory(from: rawA!, byteCount: width * height * 4)
        }
    }

    /// `count` repetitions through the fast path, untimed: what `Tests/bench/gate`
    /// counts the instructions of (callgrind's `--toggle-collect` on this function's
    /// symbol), the buffers made before it. Keep it a function of its own.
    @inline(never)
    public func countedRuns(_ count: Int) {
        for _ in 0..<count { run() }
    }

    /// Puts the framebuffer back to its contents before the first run.
    public func reset() {
        try! framebuffer.copy(from: background)
    }
}
