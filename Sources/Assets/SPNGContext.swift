internal import CImage

/// Owns one libspng context (decoder or encoder) and frees it when dropped, on every
/// path out, thrown errors included.
///
/// `spng_ctx_new` fails only when it cannot allocate the context (a few KiB); that traps
/// here, as a failed allocation does anywhere in Swift.
struct SPNGContext: ~Copyable {
    let raw: OpaquePointer

    init(encoder: Bool) {
        let flags = encoder ? Int32(SPNG_CTX_ENCODER.rawValue) : 0
        guard let ctx = spng_ctx_new(flags) else { fatalError("libspng: cannot allocate a context") }
        raw = ctx
    }

    deinit { spng_ctx_free(raw) }
}

/// libspng's text for an error code, e.g. `IDAT stream error`.
func spngMessage(_ code: Int32) -> String {
    String(cString: spng_strerror(code))
}

/// libspng error codes as the `Int32` its functions return.
extension Int32 {
    init(_ e: spng_errno) { self = Int32(truncatingIfNeeded: e.rawValue) }
}
