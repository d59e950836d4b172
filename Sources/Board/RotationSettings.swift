import Rotation

/// `[rotation]`: how the panel is mounted and what decides the orientation at run time
/// (DESIGN.md §2, "Rotation").
public struct RotationSettings: Hashable, Sendable {
    /// Where the orientation comes from (`source`).
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// Always `mount` (default).
        case fixed
        /// DRM's "panel orientation" connector property, added to `mount`.
        case panel
        /// An accelerometer through IIO (`iio_device`), added to `mount`.
        case iio
        /// `vitrine ctl rotate` over the control socket, starting from `mount`.
        case control
    }

    /// `mount`: how the panel is physically turned from its native orientation (the
    /// clockwise angle 0, 90, 180 or 270; default 0).
    public var mount: Orientation
    /// `source`: default `.fixed`.
    public var source: Source
    /// `iio_device`: the IIO device of the accelerometer ("iio:device0"); required when
    /// `source` is iio, refused otherwise.
    public var iioDevice: String?

    public init(mount: Orientation = .upright, source: Source = .fixed, iioDevice: String? = nil) {
        self.mount = mount
        self.source = source
        self.iioDevice = iioDevice
    }
}
