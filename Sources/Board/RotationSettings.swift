import Rotation

/// `[rotation]`: how the panel is mounted and what decides the orientation at run time
/// (the Architecture article's rotation table).
public struct RotationSettings: Hashable, Sendable {
    /// `mount`: how the panel is physically turned from its native orientation (the
    /// clockwise angle 0, 90, 180 or 270; default 0).
    public var mount: Orientation
    /// `source`: what decides the orientation at run time (the rotation service's
    /// `RotationSource`); default `.fixed`.
    public var source: RotationSource
    /// `iio_device`: which accelerometer, as its IIO directory ("iio:device0") or its
    /// `name` ("lis3dh"); nil: the first accelerometer. Only with `source = "iio"`.
    public var iioDevice: String?

    public init(mount: Orientation = .upright, source: RotationSource = .fixed, iioDevice: String? = nil) {
        self.mount = mount
        self.source = source
        self.iioDevice = iioDevice
    }
}
