internal import Glibc

/// The process's environment as a dictionary, read from libc's `environ` (no Foundation).
public enum ProcessEnvironment {
    /// Every `NAME=value` entry of `environ`; an entry without `=` is skipped, and of a
    /// name given twice the first wins (as getenv(3) finds it).
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        // NULL after clearenv(3), so read it as an optional.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return result }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
