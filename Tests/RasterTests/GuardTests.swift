import FixedPoint
import Testing

@testable import Raster

/// Kernels never write outside their destination, whatever the clip, offset or
/// transform: each destination is borrowed from the middle of a larger buffer whose
/// border (a pixel row above and below, a pixel column left, stride padding right) is
/// filled with a sentinel and checked afterwards.
@Suite struct GuardTests {
    static let sentinel: UInt8 = 0xA5

    final class Guarded {
        let memory: UnsafeMutableRawPointer
        let byteCount: Int
        let surface: Surface
        init(width: Int, height: Int, format: PixelFormat) throws {
            let bpp = format.bytesPerPixel
            let stride = (width + 3) * bpp
            byteCount = stride * (height + 2)
            memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
            memory.initializeMemory(as: UInt8.self, repeating: GuardTests.sentinel, count: byteCount)
            surface = try Surface(
                borrowing: memory + stride + bpp, byteCount: byteCount - stride - bpp, width: width,
                height: height, stride: stride, format: format)
            for y in 0..<height {
                surface.row(y, as: UInt8.self).update(repeating: 0x11, count: width * bpp)
            }
        }
        deinit { memory.deallocate() }

        /// Bytes outside the surface's pixels that are no longer the sentinel.
        var damagedBorderBytes: Int {
            let bpp = surface.format.bytesPerPixel
            let start = surface.baseAddress - memory
            var damaged = 0
            for i in 0..<byteCount {
                let offset = i - start
                let inside = offset >= 0 && offset / surface.stride < surface.height
                    && offset % surface.stride < surface.width * bpp
                if !inside && memory.load(fromByteOffset: i, as: UInt8.self) != GuardTests.sentinel { damaged += 1 }
            }
            return damaged
        }
    }

    @Test func noKernelWritesOutsideItsDestination() throws {
        var rng = SeededRandom(seed: 7)
        for i in 0..<150 {
            let (w, h) = rng.size()
            let format: PixelFormat = i % 4 == 0 ? .argb8888 : .xrgb8888
            let g = try Guarded(width: w, height: h, format: format)
            let src = rng.surface(width: Int.random(in: 1...20, using: &rng), height: Int.random(in: 1...20, using: &rng), format: .argb8888)
            let clip = rng.clip(width: w + 4, height: h + 4)?.offsetBy(dx: -2, dy: -2)
            let (dx, dy) = (Int.random(in: -25...25, using: &rng), Int.random(in: -25...25, using: &rng))
            for path in KernelPath.allCases {
                g.surface.fill(rng.premultipliedPixel(), clip: clip, path: path)
                try g.surface.copy(from: src, x: dx, y: dy, clip: clip, path: path)
                try g.surface.over(src, x: dx, y: dy, opacity: 200, clip: clip, path: path)
                let m = Matrix3(rows: [
                    [Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng), Double(dx)],
                    [Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng), Double(dy)],
                    i % 2 == 0 ? [0, 0, 1] : [Double.random(in: -0.1...0.1, using: &rng), 0.01, 1],
                ])
                try g.surface.draw(src, destinationToSource: m, clip: clip, path: path)
                try g.surface.draw(src, destinationToSource: m, filter: .nearest, clip: clip, path: path)
                let turned = rng.surface(width: h, height: w, format: .xrgb8888)
                try g.surface.rotate(from: turned, turn: .clockwise90, clip: clip, path: path)
            }
            #expect(g.damagedBorderBytes == 0, "case \(i): \(w)x\(h) clip \(clip.map(\.description) ?? "all")")
        }
    }
}
