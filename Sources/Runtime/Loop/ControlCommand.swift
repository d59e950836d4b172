import ConfigFile
import Rotation

/// One control-socket command (the Control socket article), read from its line: the one
/// parser of those lines, pure so that it is tested (and fuzzed) without a kiosk.
/// `Kiosk.command` carries it out.
public enum ControlCommand: Hashable, Sendable {
    /// `status`: the kiosk's state, one `key=value` line each.
    case status
    /// `home`: back to the home screen.
    case home
    /// `reload`: read the show again (the last good one stays on a mistake).
    case reload
    /// `rotate 0|90|180|270|auto`.
    case rotate(RotationRequest)
    /// `display on|off`: wake the screen (as a touch does), or turn it off until a
    /// touch, `display on` or the next start of the screen hours.
    case display(on: Bool)
    /// `brightness L`: the backlight's level while on from now, L from 0 to 1.
    case brightness(Double)
    /// `screenshot`: the frame on screen as the panel shows it, a PNG written into the
    /// file whose descriptor came with the line (`vitrine ctl screenshot FILE` sends it).
    case screenshot

    /// The commands, for the error that lists them.
    public static let help = "status, rotate 0|90|180|270|auto, reload, home, display on|off, brightness 0-1, screenshot"

    /// Reads a command `line` (as `ControlRequest` frames it: trimmed). Words are
    /// separated by one or more spaces; every command takes exactly its words.
    /// - Throws: `ControlCommandError.badOrientation` for `rotate` with a word that is not
    ///   an orientation, `.badDisplay` for `display` with a word other than on or off,
    ///   `.badBrightness` for `brightness` with anything but a number from 0 to 1 (NaN
    ///   and the infinities refused), `.unknown` for anything else.
    public init(line: String) throws(ControlCommandError) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        switch words.first {
        case "status" where words.count == 1: self = .status
        case "home" where words.count == 1: self = .home
        case "reload" where words.count == 1: self = .reload
        case "screenshot" where words.count == 1: self = .screenshot
        case "rotate" where words.count == 2:
            guard let request = RotationRequest(text: String(words[1])) else {
                throw .badOrientation(String(words[1]))
            }
            self = .rotate(request)
        case "display" where words.count == 2:
            switch words[1] {
            case "on": self = .display(on: true)
            case "off": self = .display(on: false)
            default: throw .badDisplay(String(words[1]))
            }
        case "brightness" where words.count == 2:
            guard let level = Double(words[1]), level.isFinite, (0...1).contains(level) else {
                throw .badBrightness(String(words[1]))
            }
            self = .brightness(level)
        default:
            throw .unknown(line: line)
        }
    }
}

/// Why a control line is not a command; `description` is the reply after "error: ".
public enum ControlCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `rotate` with this word, which is not 0, 90, 180, 270 or auto.
    case badOrientation(String)
    /// `display` with this word, which is not on or off.
    case badDisplay(String)
    /// `brightness` with this word, which is not a number from 0 to 1.
    case badBrightness(String)
    /// A line that is no command (the whole line as received).
    case unknown(line: String)

    /// The longest part of an unknown line quoted back, characters.
    static let quotedLength = 40

    /// What a client sent is quoted escaped (`clipped`: a NUL, an ESC, a quote as
    /// `\u0000`, `\u001B`, `\"`), so a reply is one line of text whatever was sent.
    public var description: String {
        switch self {
        case .badOrientation(let word):
            return "rotate wants \(RotationRequest.allowedText), not \"\(clipped(word))\""
        case .badDisplay(let word):
            return "display wants on or off, not \"\(clipped(word))\""
        case .badBrightness(let word):
            return "brightness wants a number from 0 to 1, not \"\(clipped(word))\""
        case .unknown(let line):
            // An unknown line's first `quotedLength` characters, "..." after a longer one.
            let shown = line.count > Self.quotedLength ? clipped(line.prefix(Self.quotedLength)) + "..." : clipped(line)
            return "unknown command \"\(shown)\" (\(ControlCommand.help))"
        }
    }
}
