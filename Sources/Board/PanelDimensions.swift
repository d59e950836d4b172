import ConfigFile
import MessageText

/// A size in panel pixels, native orientation (before rotation): a headless or Wayland
/// output's `size`, or a mode's resolution.
///
/// **Supported panels: 120 to 8192 pixels on each side** (`range`), any aspect ratio
/// in between (so 120x120 up to 8192x8192, and bars such as 8192x120).
/// - 120, the smallest: a kiosk needs text a person can read and tiles a finger can hit.
///   At 120x120 every scene of the demo show still lays out (the home grid with its
///   labels, a book page with its title, two cards, the five menu rows); below it the
///   labels go (at 64x48 the home screen is a row of 6-pixel icons) and the test scene's
///   cards shrink to nothing (at 2x2, 0 pixels). The smallest touch panels sold for
///   kiosks and control panels (240x240, 320x240, 480x272) are well above it.
/// - 8192, the largest: DRM drivers' dumb buffers and scanout commonly stop there, and
///   it covers 8K (7680x4320). One 8192x8192 xrgb8888 buffer is 256 MiB.
/// - No aspect-ratio limit: rendered at 8192x120 and 120x8192, every scene stays
///   centred and whole (the home grid in one row or column, a book's page centred under
///   its title), so a bar display is a layout choice of its show, not an error.
///
/// `vitrine check` refuses a board whose `[display] size` or `mode` is outside this
/// (`file:line: display.size: width must be from 120 to 8192 pixels, found 1`); a size
/// from anywhere else (a command line, a mode a connector reports) is checked with
/// `init(parsing:)` or `init(checkingWidth:height:)`, which throw `PanelSizeError`.
public struct PanelDimensions: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across and down, each in `PanelDimensions.range` when made by a board
    /// file, `init(parsing:)` or `init(checkingWidth:height:)`.
    public var width: Int
    public var height: Int

    /// The smallest side of a supported panel, pixels.
    public static let minimumSide = 120
    /// The largest side of a supported panel, pixels.
    public static let maximumSide = 8192
    /// What each side of a supported panel may be, pixels.
    public static let range = minimumSide...maximumSide

    /// A size as it is, unchecked (for sizes known to be valid: tests, defaults).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A size that came from outside the board file (e.g. `vitrine render --size`'s
    /// value), checked against `range`.
    /// - Throws: `PanelSizeError.sideOutOfRange` naming the first side outside it
    ///   (the width first).
    public init(checkingWidth width: Int, height: Int) throws(PanelSizeError) {
        guard Self.range.contains(width) else { throw .sideOutOfRange(side: .width, found: "\(width)") }
        guard Self.range.contains(height) else { throw .sideOutOfRange(side: .height, found: "\(height)") }
        self.init(width: width, height: height)
    }

    /// "WIDTHxHEIGHT" (decimal digits only, a lowercase x, like a board file's `size`)
    /// as a supported size.
    /// - Throws: `PanelSizeError.notASize` when the text is not of that form,
    ///   `sideOutOfRange` when it is but a side is outside `range`.
    public init(parsing text: String) throws(PanelSizeError) {
        do throws(SizeText.Failure) {
            self = try SizeText.dimensions(text)
        } catch {
            switch error {
            case .side(let name, let found): throw .sideOutOfRange(side: name == "width" ? .width : .height, found: found)
            case .form, .refresh: throw .notASize(text)
            }
        }
    }

    /// "800x480".
    public var description: String { "\(width)x\(height)" }
}

/// Why a panel size was refused (`PanelDimensions.init(parsing:)`,
/// `init(checkingWidth:height:)`). The description is what follows the key in a board
/// error, and reads on its own after a command-line option: e.g.
/// `width must be from 120 to 8192 pixels, found 1`.
public enum PanelSizeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A panel side.
    public enum Side: String, Hashable, Sendable {
        case width, height
    }

    /// The text is not "WIDTHxHEIGHT" (as given; the description shortens it).
    case notASize(String)
    /// A side outside `PanelDimensions.range`, with its digits as written.
    case sideOutOfRange(side: Side, found: String)

    public var description: String {
        switch self {
        case .notASize(let text):
            "\"\(shortened(text))\" is not WIDTHxHEIGHT (like \"800x480\")"
        case .sideOutOfRange(let side, let found):
            "\(side.rawValue) must be from \(PanelDimensions.minimumSide) to \(PanelDimensions.maximumSide) pixels, "
                + "found \(shortened(found))"
        }
    }
}
