import FixedPoint

/// What the kiosk tells systemd while it waits for its display (`vitrine run` under
/// systemd, `DisplayOpener.open(_:log:wait:waiting:)`): why the start is taking so long,
/// for `systemctl status`, and EXTEND_TIMEOUT_USEC so the unit's TimeoutStartSec= (30 s)
/// does not kill a kiosk whose panel driver is merely late. Each message holds the
/// timeout off for `timeoutExtension` more seconds (sent about once a second); once the display
/// is there the start to READY gets at least that long again.
public enum DisplayWaitNotice {
    /// Seconds each message extends the start timeout by: the unit's own TimeoutStartSec.
    public static let timeoutExtension = 30.0

    /// One sd_notify datagram: "STATUS=...\nEXTEND_TIMEOUT_USEC=...".
    public static func message(problem: String, waited: Double) -> String {
        let status = "waiting for the display (\(Decimal.format(waited, places: 0)) s): \(problem)"
        // STATUS= is one line: a newline would end it and start a bogus assignment.
        let oneLine = status.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "STATUS=\(oneLine)\nEXTEND_TIMEOUT_USEC=\(UInt64(timeoutExtension * 1_000_000))"
    }
}
