internal import CFontconfig

/// A fontconfig pattern (`FcPattern`) this wrapper owns and destroys: what is asked
/// for (a family, a weight, a character), or what a match found (its file, families,
/// character set). The C side of `FontConfig`; used under its lock.
final class FontPattern {
    let raw: OpaquePointer

    /// An empty pattern. `FcPatternCreate` fails only when it cannot allocate a few
    /// bytes: that traps, as a failed allocation does anywhere in Swift.
    init() {
        guard let raw = FcPatternCreate() else { fatalError("fontconfig: cannot allocate a pattern") }
        self.raw = raw
    }

    /// Takes ownership of a pattern fontconfig returned (`FcFontMatch`'s).
    init(owning raw: OpaquePointer) { self.raw = raw }

    deinit { FcPatternDestroy(raw) }

    /// Adds `value` under `object` (`"family"`, ...).
    func add(_ object: String, _ value: String) {
        _ = value.withCString { v in
            v.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcPatternAddString(raw, object, $0) }
        }
    }

    /// Adds the integer `value` under `object` (`"weight"`, ...).
    func add(_ object: String, _ value: Int32) { _ = FcPatternAddInteger(raw, object, value) }

    /// Adds a boolean under `object` (`"scalable"`, ...).
    func add(_ object: String, _ value: Bool) { _ = FcPatternAddBool(raw, object, value ? 1 : 0) }

    /// Asks for a font that has `scalar`: a character set holding it alone.
    func add(character scalar: Unicode.Scalar) {
        guard let set = FcCharSetCreate() else { fatalError("fontconfig: cannot allocate a character set") }
        _ = FcCharSetAddChar(set, scalar.value)
        _ = FcPatternAddCharSet(raw, "charset", set)
        FcCharSetDestroy(set)  // the pattern holds its own reference
    }

    /// The `n`-th string under `object`, nil when there is none.
    func string(_ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(raw, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// Every string under `object` (a font's family names: several languages' spellings).
    func strings(_ object: String) -> [String] {
        var all: [String] = []
        while let s = string(object, Int32(all.count)) { all.append(s) }
        return all
    }

    /// Whether the pattern's character set (a matched font's coverage) holds `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        var set: OpaquePointer?
        guard FcPatternGetCharSet(raw, "charset", 0, &set) == FcResultMatch, let set else { return false }
        return FcCharSetHasChar(set, scalar.value) != 0
    }
}
