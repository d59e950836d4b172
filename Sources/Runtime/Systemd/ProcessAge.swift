internal import Glibc

/// How long this process has existed: from the kernel's record of its start (field 22
/// of /proc/self/stat, clock ticks since boot) to CLOCK_BOOTTIME now. For the "ready"
/// log line, so start-up is measured from exec, not from when `main` ran.
public enum ProcessAge {
    /// Seconds since exec, nil when /proc can't tell (no /proc, an unreadable stat).
    /// Resolution: one clock tick (10 ms on most kernels).
    public static func seconds() -> Double? {
        guard let text = readStat(), let start = startTicks(statLine: text) else { return nil }
        let hz = sysconf(Int32(_SC_CLK_TCK))
        guard hz > 0 else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
        return now - Double(start) / Double(hz)
    }

    /// Field 22 (starttime) of a /proc/<pid>/stat line. The second field, the command
    /// name in parentheses, may itself hold spaces and parentheses, so counting starts
    /// after its last ')'.
    static func startTicks(statLine: String) -> UInt64? {
        guard let close = statLine.lastIndex(of: ")") else { return nil }
        let fields = statLine[statLine.index(after: close)...].split(separator: " ")
        // After ")" come fields 3 (state), 4, ...: starttime is field 22, index 19.
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    private static func readStat() -> String? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }
}
