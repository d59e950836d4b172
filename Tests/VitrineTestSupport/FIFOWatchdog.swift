import Glibc

/// Turns a hang on a FIFO into a test failure: after `seconds`, a background thread
/// opens the FIFO at `path` for writing and closes it again at once. A reader that is
/// (wrongly) blocked in `open` is then released and reads an empty file, so the test
/// sees the wrong result and fails, instead of waiting forever. A reader that refused
/// the FIFO, as it should, never notices: with no reader the open fails (ENXIO) and the
/// thread gives up after 5 more seconds.
///
/// The bound is one only a hang crosses (refusing a FIFO takes microseconds), so a
/// busy machine never trips it.
public enum FIFOWatchdog {
    /// Starts the watchdog thread for the FIFO at `path` and returns at once.
    public static func start(fifo path: String, after seconds: Double = 20) {
        let box = Unmanaged.passRetained(Request(path: path, seconds: seconds)).toOpaque()
        var thread = pthread_t()
        let r = pthread_create(&thread, nil, { raw in
            let request = Unmanaged<Request>.fromOpaque(raw!).takeRetainedValue()
            request.run()
            return nil
        }, box)
        precondition(r == 0, "pthread_create failed: \(r)")
        pthread_detach(thread)
    }

    private final class Request {
        let path: String
        let seconds: Double
        init(path: String, seconds: Double) {
            self.path = path
            self.seconds = seconds
        }

        func run() {
            usleep(UInt32(seconds * 1_000_000))
            for _ in 0..<500 {
                let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if fd >= 0 {
                    close(fd)
                    return
                }
                if errno != ENXIO { return }  // gone (ENOENT): the test is over
                usleep(10_000)
            }
        }
    }
}
