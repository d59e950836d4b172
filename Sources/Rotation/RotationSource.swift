/// What decides the orientation at run time: the board's `rotation.source` (the raw
/// values are the board file's words, so Board's `RotationSettings.Source` maps by
/// `rawValue`).
public enum RotationSource: String, Hashable, Sendable, CaseIterable {
    /// Always the board's mount.
    case fixed
    /// DRM's "panel orientation" connector property (the panel's turn in its casing),
    /// added to the mount (the casing's turn).
    case panel
    /// An accelerometer through IIO, sampled every `RotationService.iioSampleInterval`:
    /// the turn it senses, added to the mount (the panel's turn relative to the sensor's
    /// axes: 0 when the mount matrix already puts the sensor on the panel's axes, as
    /// systemd's 60-sensor.hwdb asks).
    case iio
    /// `vitrine ctl rotate R` over the control socket; the mount until told, and again
    /// after `ctl rotate auto`.
    case control
}
