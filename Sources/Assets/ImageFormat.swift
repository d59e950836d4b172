/// The encoded image formats `Assets` reads and writes. Named in error messages
/// ("corrupt PNG: ...") so a person knows which decoder gave up.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png = "PNG"
    case jpeg = "JPEG"

    public var description: String { rawValue }
}
