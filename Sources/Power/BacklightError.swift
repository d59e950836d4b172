import LinuxSystem

/// Why a backlight could not be used, naming the path: `/sys/class/backlight/x/brightness:
/// cannot write: Permission denied (EACCES)`. The kiosk logs it once as a warning and turns
/// the screen off by DPMS alone.
public struct BacklightError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Fault: Hashable, Sendable {
        /// Nothing at the path.
        case missing
        /// A directory without `max_brightness`: not a backlight's directory.
        case notABacklight
        /// Something other than a regular file where an attribute should be (a FIFO, a
        /// directory): refused without being opened for long.
        case notRegularFile(FileKind)
        /// The file could not be read (`RegularFile`'s failure).
        case unreadable(RegularFileError)
        /// The attribute does not hold a whole number: what it holds, quoted.
        case notANumber(String)
        /// `max_brightness` is 0 or less: no level to set.
        case noLevels(Int)
        /// `call` ("open", "write") failed with the errno.
        case cannotWrite(call: String, SystemErrno)
        /// No backlight to pick: the directory looked in and the names found (none, or
        /// more than one).
        case notOne(found: [String])
    }

    /// The file or directory.
    public var path: String
    public var fault: Fault

    public init(path: String, fault: Fault) {
        self.path = path
        self.fault = fault
    }

    public var description: String {
        switch fault {
        case .missing: "\(path): no such file or directory"
        case .notABacklight: "\(path): not a backlight (no max_brightness in it)"
        case .notRegularFile(let kind): "\(path): is \(kind), not a backlight attribute"
        case .unreadable(.notFound): "\(path): no such file"
        case .unreadable(.notRegularFile(let kind)): "\(path): is \(kind), not a backlight attribute"
        case .unreadable(.failed(let call, let code)): "\(path): cannot \(call): \(SystemErrno(code))"
        case .unreadable(.tooLarge(let bytes, let limit)): "\(path): \(bytes) bytes, more than \(limit)"
        case .notANumber(let text): "\(path): holds \(text), not a whole number"
        case .noLevels(let max): "\(path): max_brightness is \(max), no level to set"
        case .cannotWrite(let call, let errno): "\(path): cannot \(call): \(errno)"
        case .notOne(let found) where found.isEmpty: "\(path): no backlight in it"
        case .notOne(let found): "\(path): \(found.count) backlights (\(found.joined(separator: ", "))); name one"
        }
    }
}
