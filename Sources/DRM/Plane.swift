import FixedPoint
import Raster

/// A plane: one layer a CRTC scans out, with the pixel formats it reads and, for some,
/// a "rotation" property. Vitrine shows its frames on the CRTC's primary plane.
public struct Plane: Hashable, Sendable {
    /// The "type" property's value (DRM_PLANE_TYPE_*).
    public enum Kind: String, Hashable, Sendable {
        case overlay, primary, cursor
    }

    public var id: UInt32
    /// Bit i set: the plane can be used with the CRTC at index i.
    public var possibleCRTCs: UInt32
    /// The CRTC it is on now and the framebuffer it shows (0: none).
    public var crtcID: UInt32
    public var framebufferID: UInt32
    /// The formats it scans out.
    public var formats: [FourCC]
    /// Filled by `DRMDevice.plane(_:)`: "type", "FB_ID", "rotation", ...
    public var properties: PropertySet

    public init(
        id: UInt32, possibleCRTCs: UInt32, crtcID: UInt32 = 0, framebufferID: UInt32 = 0, formats: [FourCC],
        properties: PropertySet = PropertySet()
    ) {
        self.id = id
        self.possibleCRTCs = possibleCRTCs
        self.crtcID = crtcID
        self.framebufferID = framebufferID
        self.formats = formats
        self.properties = properties
    }

    /// From the "type" property; overlay when the driver has none (no universal planes).
    public var kind: Kind {
        switch properties["type"]?.valueName {
        case "Primary": .primary
        case "Cursor": .cursor
        default: .overlay
        }
    }

    /// Whether the plane can be used with the CRTC at `index`.
    public func canDrive(crtcIndex index: Int) -> Bool { index < 32 && possibleCRTCs & (1 << UInt32(index)) != 0 }

    /// The turns the "rotation" property offers, as the property's entry names
    /// ("rotate-0", "rotate-90", "reflect-x", ...); empty when the plane can't rotate.
    public var rotationNames: [String] { properties["rotation"]?.entries.map(\.name) ?? [] }

    /// The "rotation" value that shows a buffer turned by `turn` (nil: unturned), when
    /// the plane supports it. DRM rotates counter-clockwise (DRM_MODE_ROTATE_90 turns the
    /// framebuffer 90 degrees counter-clockwise onto the CRTC), `QuarterTurn` clockwise:
    /// clockwise90 is DRM's rotate-270, half rotate-180, clockwise270 rotate-90.
    public func rotationValue(for turn: QuarterTurn?) -> UInt64? {
        let name =
            switch turn {
            case nil: "rotate-0"
            case .clockwise90: "rotate-270"
            case .half: "rotate-180"
            case .clockwise270: "rotate-90"
            }
        guard let entry = properties["rotation"]?.entries.first(where: { $0.name == name }), entry.value < 64 else {
            return nil
        }
        return 1 << entry.value
    }
}
