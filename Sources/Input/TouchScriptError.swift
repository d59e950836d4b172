import LinuxSystem
import MessageText
internal import Glibc

/// A touch script that cannot be used: the file, the line (1-based; nil for faults of
/// the whole file) and the fault. Its description is one line, `PATH:LINE: message`
/// (or `PATH: message`), e.g. `tour.touch:3: unknown verb 'tapp'`. Text quoted from the
/// script is `shortened` to 80 characters: a one-megabyte token makes a one-line error.
public struct TouchScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Fault: Hashable, Sendable {
        /// The file does not exist (ENOENT).
        case fileNotFound
        /// `open`, `fstat` or `read` failed with this errno (EACCES, EIO, ...).
        case unreadable(errno: Int32)
        /// The path is not a regular file: `kind` says what it is ("a FIFO", "a
        /// directory", "a character device").
        case notRegularFile(kind: String)
        /// The file is bigger than `limit` bytes.
        case fileTooLarge(limit: Int)
        /// The line is not valid UTF-8.
        case notUTF8
        /// The line does not start with a number (the token found).
        case expectedTime(String)
        /// A time with nothing after it.
        case missingVerb
        case unknownVerb(String)
        /// Too few or too many arguments: `expected` is "3" or "0 or 1", `signature` the
        /// argument names.
        case argumentCount(verb: String, expected: String, signature: String, got: Int)
        case notANumber(String)
        /// nan, inf, or a number too big for a Double.
        case notFinite(String)
        /// A slot written as a number with a fraction.
        case slotNotWhole(String)
        case slotOutOfRange(String)
        case negativeTime(String)
        /// This line's time (as written) is before the previous line's.
        case timeGoesBack(time: String, previous: String)
        /// A coordinate (named as in the verb's signature: x, y, x0, ...; the value as
        /// written) that no panel has: below 0 or above `TouchScript.maximumCoordinate`.
        case coordinateOffEveryPanel(name: String, value: String)
        /// A coordinate off the panel the script is played on: below 0 or above the
        /// panel's last pixel (width - 1 for an x, height - 1 for a y).
        case coordinateOffPanel(name: String, value: String, panel: PanelSize)
        case durationNotPositive
        /// `move`, `up` or `cancel` on a slot that is up.
        case notDown(verb: String, slot: Int)
        /// `down` on a slot that is down.
        case alreadyDown(slot: Int)
        /// The slot is held by a gesture verb (tap, longpress, swipe) of an earlier line.
        case slotBusy(slot: Int, verb: String, line: Int)
        /// Every slot is down when a gesture verb needs one.
        case noFreeSlot(verb: String)
        /// The script would generate more than `limit` events.
        case tooManyEvents(limit: Int)
        /// A `rotate` line's word that is not an orientation: found by the runtime, which
        /// owns orientations, when it loads the script. `allowed` lists the words it
        /// takes ("0, 90, 180, 270 or auto": `RotationRequest.allowedText` in `Rotation`,
        /// which this module cannot import).
        case unknownOrientation(word: String, allowed: String)
    }

    /// The script's path, as given.
    public var path: String
    /// The 1-based line, nil for faults of the whole file.
    public var line: Int?
    public var fault: Fault

    public init(path: String, line: Int?, fault: Fault) {
        self.path = path
        self.line = line
        self.fault = fault
    }

    /// `PATH:LINE: message`, or `PATH: message` without a line.
    public var description: String {
        if let line { "\(path):\(line): \(message)" } else { "\(path): \(message)" }
    }

    /// Whether the file could not be read at all (missing, unreadable, not a regular
    /// file), as opposed to a mistake in what it holds: a command exits 66 for it.
    public var isUnreadable: Bool {
        switch fault {
        case .fileNotFound, .unreadable, .notRegularFile: true
        default: false
        }
    }

    /// The fault, for a person.
    public var message: String {
        switch fault {
        case .fileNotFound:
            "cannot read: \(errnoDescription(ENOENT))"
        case .unreadable(let code):
            "cannot read: \(errnoDescription(code))"
        case .notRegularFile(let kind):
            "cannot read: \(kind), not a regular file"
        case .fileTooLarge(let limit):
            "larger than \(limit) bytes, the most a touch script may be"
        case .notUTF8:
            "not valid UTF-8"
        case .expectedTime(let token):
            "expected a time in seconds, got '\(shortened(token))'"
        case .missingVerb:
            "expected a verb after the time"
        case .unknownVerb(let verb):
            "unknown verb '\(shortened(verb))'"
        case .argumentCount(let verb, let expected, let signature, let got):
            "expected \(expected) argument\(expected == "1" ? "" : "s") after '\(verb)' (\(signature)), got \(got)"
        case .notANumber(let token):
            "'\(shortened(token))' is not a number"
        case .notFinite(let token):
            "'\(shortened(token))' is not a finite number"
        case .slotNotWhole(let token):
            "slot \(shortened(token)) is not a whole number"
        case .slotOutOfRange(let token):
            "slot \(shortened(token)) is out of range \(TouchScript.slotRange.lowerBound)...\(TouchScript.slotRange.upperBound)"
        case .negativeTime(let token):
            "time \(shortened(token)) is negative"
        case .timeGoesBack(let time, let previous):
            "time \(shortened(time)) is earlier than the previous line's \(shortened(previous))"
        case .coordinateOffEveryPanel(let name, let value):
            "\(name) \(shortened(value)) is not on any panel: coordinates are from 0 to "
                + "\(Int(TouchScript.maximumCoordinate)) pixels"
        case .coordinateOffPanel(let name, let value, let panel):
            "\(name) \(shortened(value)) is off the \(panel) panel: \(name) must be from 0 to "
                + "\((name.hasPrefix("x") ? panel.width : panel.height) - 1)"
        case .durationNotPositive:
            "duration must be positive"
        case .notDown(let verb, let slot):
            "\(verb) on slot \(slot), which is not down"
        case .alreadyDown(let slot):
            "down on slot \(slot), which is already down"
        case .slotBusy(let slot, let verb, let line):
            "slot \(slot) is busy with the \(verb) on line \(line)"
        case .noFreeSlot(let verb):
            "no free slot for '\(verb)': all \(TouchScript.slotRange.count) slots are down"
        case .tooManyEvents(let limit):
            "the script makes more than \(limit) events"
        case .unknownOrientation(let word, let allowed):
            "rotate wants \(allowed), not \"\(shortened(word))\""
        }
    }
}
