#if canImport(Glibc)
    import Glibc
#endif

/// The process environment, read through getenv (no Foundation).
enum Environment {
    static func value(_ name: String) -> String? {
        guard let p = getenv(name) else { return nil }
        return String(cString: p)
    }
}
