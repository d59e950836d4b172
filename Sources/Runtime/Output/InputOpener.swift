import Board
import Input
import LibInput
import Logging

/// Opens the input devices for a board: libinput for panels (drm, fbdev), nothing for a
/// headless board (its touch comes from a --touch script).
public enum InputOpener {
    /// The seat for `touch` on a panel of `width` x `height` pixels (native), or nil for
    /// a headless board, or when libinput can't start (logged as an error: the kiosk
    /// still shows its show, untouchable, rather than leaving the screen black).
    public static func open(
        _ touch: TouchSettings, backend: DisplaySettings.Backend, width: Int, height: Int, logger: Logger
    ) -> LibInputSeat? {
        guard backend == .drm || backend == .fbdev else { return nil }
        let selection = DeviceSelection(boardDevice: touch.device)
        do {
            let seat = try LibInputSeat(
                selection: selection, panelSize: PanelSize(width: width, height: height),
                calibration: touch.calibration, debug: logger.logLevel <= .debug
            ) { level, line in
                switch level {
                case .debug: logger.debug("\(line)")
                case .info: logger.info("\(line)")
                case .warning: logger.warning("\(line)")
                case .error: logger.error("\(line)")
                }
            }
            logger.info("input: libinput on \(selection)")
            return seat
        } catch {
            logger.error("\(error); running without touch")
            return nil
        }
    }
}
