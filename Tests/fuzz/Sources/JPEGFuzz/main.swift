import Assets
import FuzzSupport

/// Limits for the fuzz run: smaller than the kiosk's (8192 x 8192, 64 MiB) so that each
/// input decodes in milliseconds, the same checks on the same code path.
let limits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxDecodedBytes: 16 << 20, maxFileBytes: 1 << 20)

/// A file's bytes into `JPEG.decode` (what `JPEG.read` and `Image.read` do once the file
/// is read; libjpeg-turbo underneath, and our marker walk, `JPEG.structure(of:)`, when it
/// fails): an opaque surface within the limits, or an `ImageError` naming the file; never
/// a trap, a hang or a leak.
func jpegFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let name = "fuzz.jpg"
    do {
        let surface = try JPEG.decode(fuzzBytes(data, size), name: name, limits: limits)
        guard limits.allows(width: surface.width, height: surface.height), surface.width > 0, surface.height > 0 else {
            fuzzFailure("decoded \(surface.width)x\(surface.height), beyond the limits")
        }
        guard surface.format == .xrgb8888 else { fuzzFailure("a JPEG decoded as \(surface.format)") }
    } catch {
        guard "\(error)".contains(name) else { fuzzFailure("the error does not name the file: \(error)") }
    }
    return 0
}

runFuzzer(jpegFuzz)
