internal import CLinux
internal import Glibc

/// An errno value as a person and a test read it: the C library's text and the symbolic
/// name, `No such file or directory (ENOENT)`. The text is for the person; the name is
/// for a search engine and for a test that must not depend on the C library's wording.
/// The one owner of errno's names and texts: every module's errors say it this way.
public struct SystemErrno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errno value.
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno` now.
    public static var current: SystemErrno { SystemErrno(errno) }

    /// The symbolic name (`ENOENT`, from glibc's `strerrorname_np`); `errno N` for a value
    /// the C library has no name for.
    public var name: String { vitrine_errno_name(code).map { String(cString: $0) } ?? "errno \(code)" }

    /// The C library's text (`strerror`).
    public var message: String { String(cString: strerror(code)) }

    /// `No such file or directory (ENOENT)`.
    public var description: String { "\(message) (\(name))" }
}

/// `No such file or directory (ENOENT)` for errno `code` (`SystemErrno.description`).
public func errnoDescription(_ code: Int32) -> String { SystemErrno(code).description }
