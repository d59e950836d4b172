internal import Glibc
import LinuxSystem

/// `DRMSystem` on Linux: /dev/dri, /sys/class/drm, libdrm and a netlink socket.
struct LinuxDRMSystem: DRMSystem {
    func cardPaths() -> [String] {
        let numbered = Directory.names(in: "/dev/dri").compactMap { name -> (Int, String)? in
            guard name.hasPrefix("card"), let n = Int(name.dropFirst(4)) else { return nil }
            return (n, "/dev/dri/" + name)
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    func sysfsConnectors(card path: String) -> [SysfsConnector]? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let card = String(path[path.index(after: slash)...])
        var found: [SysfsConnector] = []
        for entry in Directory.names(in: "/sys/class/drm") where entry.hasPrefix(card + "-") {
            guard let status = Directory.readLine("/sys/class/drm/\(entry)/status") else { continue }
            found.append(SysfsConnector(name: String(entry.dropFirst(card.count + 1)), status: status))
        }
        return found.isEmpty ? nil : found.sorted { $0.name < $1.name }
    }

    func open(_ path: String) throws(DRMError) -> any DRMIO { try LibDRM.open(path) }

    func groupName(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrgid_r(st.st_gid, &group, &buffer, buffer.count, &result) == 0, result != nil,
            let name = group.gr_name
        else { return nil }
        return String(cString: name)
    }

    func makeHotplugMonitor() throws(DRMError) -> any HotplugMonitor { try UeventMonitor.open() }
}

/// Small file-system reads for the scan: directory listings and one-line sysfs files.
enum Directory {
    /// The entries of `path` (without "." and ".."), unsorted; empty when unreadable.
    static func names(in path: String) -> [String] {
        (try? directoryEntries(path)) ?? []
    }

    /// The first line of a small file (a sysfs attribute), without the newline.
    static func readLine(_ path: String) -> String? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &buffer, buffer.count)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
