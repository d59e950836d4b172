import Testing

@testable import Raster

@Suite struct SurfaceTests {
    @Test func rejectsZeroAndNegativeSizes() {
        #expect(throws: RasterError.invalidSize(width: 0, height: 5)) {
            try Surface(width: 0, height: 5, format: .argb8888)
        }
        #expect(throws: RasterError.invalidSize(width: 4, height: -1)) {
            try Surface(width: 4, height: -1, format: .xrgb8888)
        }
        #expect(throws: RasterError.invalidSize(width: 40000, height: 1)) {
            try Surface(width: 40000, height: 1, format: .a8)
        }
    }

    @Test func rejectsStrideSmallerThanARow() {
        #expect(throws: RasterError.strideTooSmall(stride: 12, minimum: 16)) {
            try Surface(width: 4, height: 2, format: .argb8888, stride: 12)
        }
        #expect(throws: RasterError.misaligned(.rgb565)) {
            try Surface(width: 4, height: 2, format: .rgb565, stride: 9)
        }
    }

    @Test func borrowedMemoryMustHoldEveryRow() throws {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 100, alignment: 4)
        defer { bytes.deallocate() }
        // 3 rows of 8 pixels at stride 40: 2 * 40 + 32 = 112 bytes needed.
        #expect(throws: RasterError.bufferTooSmall(bytes: 100, needed: 112)) {
            try Surface(borrowing: bytes, byteCount: 100, width: 8, height: 3, stride: 40, format: .xrgb8888)
        }
        #expect(throws: RasterError.misaligned(.xrgb8888)) {
            try Surface(borrowing: bytes + 2, byteCount: 98, width: 2, height: 1, stride: 8, format: .xrgb8888)
        }
        let s = try Surface(borrowing: bytes, byteCount: 100, width: 8, height: 2, stride: 40, format: .xrgb8888)
        #expect(s.baseAddress == bytes && s.stride == 40)
    }

    @Test func errorsSayWhatWasWrong() {
        #expect(
            RasterError.strideTooSmall(stride: 12, minimum: 16).description
                == "stride 12 bytes is smaller than one row (16 bytes)")
        #expect(
            RasterError.invalidSize(width: 0, height: 5).description
                == "invalid surface size 0x5: each side must be from 1 to 32768 pixels")
        #expect(throws: RasterError.invalidSize(width: 33120, height: 480)) {
            try Surface(width: 33120, height: 480, format: .argb8888)
        }
        #expect(
            RasterError.invalidSize(width: 33120, height: 480).description
                == "invalid surface size 33120x480: each side must be from 1 to 32768 pixels")
    }

    @Test func kernelsRejectFormatsTheyDontTake() throws {
        let a8 = try Surface(width: 4, height: 4, format: .a8)
        let argb = try Surface(width: 4, height: 4, format: .argb8888)
        #expect(throws: RasterError.unsupportedFormat(.a8, role: "over source")) { try argb.over(a8) }
        #expect(throws: RasterError.unsupportedFormat(.a8, role: "transformed draw destination")) {
            try a8.draw(argb, destinationToSource: .identity)
        }
        let wide = try Surface(width: 5, height: 4, format: .xrgb8888)
        // A half turn of a 5x4 source is 5x4; the destination is 4x4.
        #expect(throws: RasterError.sizeMismatch(expected: wide.bounds, got: argb.bounds)) {
            try argb.rotate(from: wide, turn: .half)
        }
    }

    @Test func singularTransformIsAnError() throws {
        let dst = try Surface(width: 4, height: 4, format: .xrgb8888)
        let src = try Surface(width: 4, height: 4, format: .argb8888)
        #expect(throws: RasterError.singularTransform) {
            try dst.draw(src, transform: .scale(x: .zero, y: .one))
        }
    }

    @Test func rectangleIntersectionAndUnion() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(PixelRect(x: 5, y: -5, width: 10, height: 10)) == PixelRect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(PixelRect(x: 10, y: 0, width: 3, height: 3)).isEmpty)
        #expect(a.union(PixelRect(x: 12, y: 1, width: 1, height: 1)) == PixelRect(x: 0, y: 0, width: 13, height: 10))
        #expect(PixelRect(x: 3, y: 3, width: -1, height: 4).area == 0)
    }
}
