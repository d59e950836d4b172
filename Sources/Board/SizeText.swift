import ConfigFile
import MessageText

/// Parsing the "800x480" and "800x480@60" spellings of board files. Strict on purpose:
/// decimal digits only (no sign, no spaces), a lowercase `x`, an integer refresh rate
/// (DRM's vrefresh is whole hertz).
enum SizeText {
    /// Why a size or mode string was refused; `message(for:form:)` is what the board error says.
    enum Failure: Error, Equatable {
        /// Not of the form at all.
        case form
        /// A side outside `PanelDimensions.range`, with its digits as written.
        case side(name: String, found: String)
        /// A refresh rate outside `refreshRange`, with its digits as written.
        case refresh(found: String)

        /// The message for `text`, whose expected form is `form` ("WIDTHxHEIGHT (like \"800x480\")").
        /// Quoted text is `shortened`.
        func message(for text: String, form: String) -> String {
            switch self {
            case .form:
                return "\"\(shortened(text))\" is not \(form)"
            case .side(let name, let found):
                let range = PanelDimensions.range
                return "\(name) must be from \(range.lowerBound) to \(range.upperBound) pixels, found \(shortened(found))"
            case .refresh(let found):
                let range = refreshRange
                return "refresh rate must be from \(range.lowerBound) to \(range.upperBound) Hz, found \(shortened(found))"
            }
        }
    }

    /// Refresh rates a mode may name, hertz.
    static let refreshRange = 1...1000

    /// "WIDTHxHEIGHT" into a size, each side in `PanelDimensions.range`.
    static func dimensions(_ text: String) throws(Failure) -> PanelDimensions {
        let parts = text.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let width = number(parts[0]), let height = number(parts[1]) else {
            throw .form
        }
        guard PanelDimensions.range.contains(width) else { throw .side(name: "width", found: String(parts[0])) }
        guard PanelDimensions.range.contains(height) else { throw .side(name: "height", found: String(parts[1])) }
        return PanelDimensions(width: width, height: height)
    }

    /// "WIDTHxHEIGHT" or "WIDTHxHEIGHT@HZ" into a mode.
    static func mode(_ text: String) throws(Failure) -> DisplaySettings.Mode {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = try dimensions(String(parts[0]))
        var refresh: Int?
        if parts.count == 2 {
            guard let hz = number(parts[1]) else { throw .form }
            guard refreshRange.contains(hz) else { throw .refresh(found: String(parts[1])) }
            refresh = hz
        }
        return DisplaySettings.Mode(width: size.width, height: size.height, refresh: refresh)
    }

    /// A non-empty run of ASCII decimal digits as a number, else nil. Numbers past
    /// `Int.max` saturate there, so the range message, not the form message, reports
    /// them (with the digits as written).
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits.utf8 {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            value = overflow1 || overflow2 ? Int.max : sum
        }
        return value
    }
}
