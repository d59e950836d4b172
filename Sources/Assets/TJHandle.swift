internal import CImage

/// Owns one TurboJPEG instance (a decompressor or a compressor) and destroys it when
/// dropped, on every path out, thrown errors included. One per call: an instance keeps
/// state (its last error, its warning flag) and is not thread-safe.
///
/// `tjInitDecompress`/`tjInitCompress` fail only when they cannot allocate the instance
/// (a few KiB); that traps here, as a failed allocation does anywhere in Swift.
struct TJHandle: ~Copyable {
    let raw: tjhandle

    init(compressor: Bool) {
        guard let handle = compressor ? tjInitCompress() : tjInitDecompress() else {
            fatalError("libturbojpeg: cannot allocate an instance")
        }
        raw = handle
    }

    deinit { tjDestroy(raw) }

    /// The instance's last error text, e.g. `Premature end of JPEG file`.
    var message: String {
        guard let text = tjGetErrorStr2(raw) else { return "unknown error" }
        return String(cString: text)
    }
}
