/// DRM's "panel orientation" connector property: how a built-in panel (DSI, eDP) is
/// mounted in its device's casing, read from the firmware or the kernel's quirk table
/// (drm_panel_orientation_quirks.c). An immutable enum property whose entries the kernel
/// names, in drm_connector.c's `drm_panel_orientation_enum_list`, "Normal", "Upside
/// Down", "Left Side Up" and "Right Side Up"; `DRM.Connector.panelOrientation` hands
/// over the current entry's name.
///
/// Each name is read as the panel's turn within the casing, in Vitrine's terms (the
/// clockwise angle the panel is turned from its native orientation, as a board's mount is):
///
/// | kernel name | `Orientation` |
/// |---|---|
/// | Normal | `.upright` |
/// | Upside Down | `.upsideDown` |
/// | Left Side Up | `.clockwise90` |
/// | Right Side Up | `.clockwise270` |
///
/// "Left Side Up": the panel's left edge is at the casing's top, which is where a panel
/// turned a quarter clockwise has it (`Orientation.clockwise90`). The kernel's own
/// consumers agree: drm_client_modeset.c answers LEFT_UP with DRM_MODE_ROTATE_90, a
/// counter-clockwise quarter turn of the picture (KMS rotations are counter-clockwise),
/// and efifb with FB_ROTATE_CCW: the turn that undoes a panel turned clockwise.
///
/// The casing is in turn mounted as the board's `rotation.mount` says; the orientation in
/// force is the two turns added: `combined(with:)`.
public enum PanelOrientationProperty {
    /// The property's name on the connector.
    public static let propertyName = "panel orientation"

    /// The kernel's entry names and their orientations, in the kernel's order.
    public static let entries: [(name: String, orientation: Orientation)] = [
        ("Normal", .upright),
        ("Upside Down", .upsideDown),
        ("Left Side Up", .clockwise90),
        ("Right Side Up", .clockwise270),
    ]

    /// The panel's turn within its casing for the entry named `valueName`, spelled exactly
    /// as the kernel does.
    ///
    /// - Parameter connector: the connector's name ("DSI-1"), for the error only.
    /// - Throws: `PanelOrientationError` naming the value, when it is none of the four.
    public static func orientation(_ valueName: String, connector: String? = nil) throws(PanelOrientationError)
        -> Orientation
    {
        guard let entry = entries.first(where: { $0.name == valueName }) else {
            throw PanelOrientationError(value: valueName, connector: connector)
        }
        return entry.orientation
    }

    /// The orientation in force for a panel turned `panelTurn` in its casing, the casing
    /// mounted at `mount`: the two clockwise turns added (mount 90 with "Upside Down"
    /// shows 270).
    public static func combined(_ panelTurn: Orientation, with mount: Orientation) -> Orientation {
        mount.turned(by: panelTurn)
    }
}

/// A "panel orientation" value that is none of the kernel's four names. The description
/// is one line, e.g. `DSI-1: panel orientation "Sideways" is not one of Normal, Upside
/// Down, Left Side Up, Right Side Up`; the value is quoted escaped and cut to 40
/// characters.
public struct PanelOrientationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value's name as the connector gave it.
    public var value: String
    /// The connector's name ("DSI-1"), when known.
    public var connector: String?

    public init(value: String, connector: String? = nil) {
        self.value = value
        self.connector = connector
    }

    public var description: String {
        (connector.map { "\($0): " } ?? "") + "\(PanelOrientationProperty.propertyName) "
            + "\(quotedContent(Array(value.utf8))) is not one of "
            + PanelOrientationProperty.entries.map(\.name).joined(separator: ", ")
    }
}
