import Glibc
import Testing

/// systemd/vitrine.service as systemd itself reads it: `systemd-analyze verify` must have
/// nothing to say about it, `systemd-analyze security --offline=yes` must score its
/// exposure at 1.5 or less, and the settings the kiosk depends on must be there.
///
/// These tests need systemd-analyze (Debian package `systemd`); they fail, never skip,
/// when it is missing: .ci/run installs it.
@Suite struct SystemdUnitTests {
    /// The repository's root, from this file's path (Tests/VitrineTests/<this file>).
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
    static let unitPath = root + "/systemd/vitrine.service"
    static let installedBinary = "/usr/local/bin/vitrine"

    @Test func verifyHasNothingToSay() throws {
        let analyze = try Self.systemdAnalyze()
        let text = try Self.read(Self.unitPath)
        // verify checks that ExecStart's program exists and is executable, and the test
        // machine has no /usr/local/bin/vitrine (the built binary's place in .build
        // depends on how swift test was called). So verify a copy that starts /bin/true
        // (coreutils, always there) instead; everything else is the file as shipped,
        // ExecReload's /bin/sh included. The unit must be named vitrine.service in the copy too.
        #expect(text.contains("ExecStart=\(Self.installedBinary) "))
        let copy = text.replacingOccurrences(of: "ExecStart=\(Self.installedBinary) ", with: "ExecStart=/bin/true ")
        let folder = try Self.temporaryFolder()
        defer { rmdir(folder) }
        let path = folder + "/vitrine.service"
        try Self.write(copy, to: path)
        defer { unlink(path) }
        let result = try Self.run(analyze, ["verify", path])
        #expect(result.status == 0, "systemd-analyze verify exited \(result.status):\n\(result.output)")
        #expect(Self.linesAboutUs(result.output) == [], "systemd-analyze verify \(path):\n\(result.output)")
    }

    /// The fbdev drop-in (systemd/vitrine-fbdev.conf) on top of the unit: verify is
    /// clean with it, and does read it (a mistake put into it is reported).
    @Test func fbdevDropInVerifies() throws {
        let analyze = try Self.systemdAnalyze()
        let unit = try Self.read(Self.unitPath).replacingOccurrences(
            of: "ExecStart=\(Self.installedBinary) ", with: "ExecStart=/bin/true ")
        let dropIn = try Self.read(Self.root + "/systemd/vitrine-fbdev.conf")
        #expect(dropIn.contains("TTYPath=/dev/tty1") && dropIn.contains("StandardOutput=journal"))
        for (text, clean) in [(dropIn, true), (dropIn + "TTYPathh=/dev/tty2\n", false)] {
            let folder = try Self.temporaryFolder()
            let path = folder + "/vitrine.service"
            try Self.write(unit, to: path)
            mkdir(folder + "/vitrine.service.d", 0o755)
            try Self.write(text, to: folder + "/vitrine.service.d/fbdev.conf")
            let result = try Self.run(analyze, ["verify", path])
            unlink(folder + "/vitrine.service.d/fbdev.conf")
            rmdir(folder + "/vitrine.service.d")
            unlink(path)
            rmdir(folder)
            if clean {
                #expect(result.status == 0 && Self.linesAboutUs(result.output) == [], "\(result.output)")
            } else {
                #expect(result.output.contains("TTYPathh"), "the drop-in was not read: \(result.output)")
            }
        }
    }

    /// verify exits 0 even for a setting it ignores: "clean" has to mean "no output".
    @Test func verifyReportsAMistakeInACopy() throws {
        let analyze = try Self.systemdAnalyze()
        let text = try Self.read(Self.unitPath)
            .replacingOccurrences(of: "ExecStart=\(Self.installedBinary) ", with: "ExecStart=/bin/true ")
            .replacingOccurrences(of: "Type=notify\n", with: "Type=notfy\n")
        let folder = try Self.temporaryFolder()
        defer { rmdir(folder) }
        let path = folder + "/vitrine.service"
        try Self.write(text, to: path)
        defer { unlink(path) }
        let result = try Self.run(analyze, ["verify", path])
        let lines = Self.linesAboutUs(result.output)
        #expect(lines.count == 1, "\(result.output)")
        #expect(lines.first?.hasSuffix("Failed to parse service type, ignoring: notfy") == true, "\(result.output)")
    }

    @Test func securityExposureIsAtMostOnePointFive() throws {
        let analyze = try Self.systemdAnalyze()
        let result = try Self.run(analyze, ["security", "--offline=yes", Self.unitPath])
        #expect(result.status == 0, "systemd-analyze security exited \(result.status):\n\(result.output)")
        let exposure = try #require(Self.exposure(result.output), "no overall exposure in:\n\(result.output)")
        // Measured with systemd 252: 1.0 ("OK").
        #expect(exposure <= 1.5, "exposure \(exposure):\n\(result.output)")
    }

    @Test func exposureParsing() {
        #expect(Self.exposure("x\n→ Overall exposure level for vitrine.service: 1.0 OK 🙂\n") == 1.0)
        #expect(Self.exposure("→ Overall exposure level for a.service: 9.6 UNSAFE 😨") == 9.6)
        #expect(Self.exposure("nothing here") == nil)
    }

    /// The settings the runtime and the README rely on, read from the shipped text.
    @Test func keySettingsArePresent() throws {
        let unit = Self.parse(try Self.read(Self.unitPath))
        #expect(unit["Unit.Wants"] == ["modprobe@drm.service"])
        #expect(unit["Unit.After"] == ["modprobe@drm.service", "plymouth-quit.service"])
        #expect(unit["Unit.StartLimitIntervalSec"] == ["0"])
        #expect(unit["Service.Type"] == ["notify"])
        #expect(unit["Service.NotifyAccess"] == ["main"])
        #expect(unit["Service.ExecStart"] == ["/usr/local/bin/vitrine run --board /etc/vitrine/board.toml"])
        #expect(unit["Service.ExecReload"] == ["/bin/sh -c 'kill -HUP $$MAINPID'"])
        #expect(unit["Service.WatchdogSec"] == ["5s"])
        #expect(unit["Service.Restart"] == ["on-failure"])
        #expect(unit["Service.RestartSec"] == ["100ms"])
        #expect(unit["Service.RestartPreventExitStatus"] == ["64 66 69 78"])
        // stderr left to the journal, so JOURNAL_STREAM names it and log lines carry
        // their priorities (LogStyle.journal).
        #expect(unit["Service.StandardError"] == nil && unit["Service.StandardOutput"] == nil)
        // The DRM card kept over a crash (CardStore): one descriptor.
        #expect(unit["Service.FileDescriptorStoreMax"] == ["1"])
        #expect(unit["Service.RuntimeDirectory"] == ["vitrine"])
        #expect(unit["Service.DynamicUser"] == ["yes"])
        #expect(unit["Service.SupplementaryGroups"] == ["video input"])
        #expect(unit["Service.DevicePolicy"] == ["closed"])
        #expect(unit["Service.DeviceAllow"] == ["char-drm rw", "char-fb rw", "char-input r"])
        #expect(unit["Service.CapabilityBoundingSet"] == [""])
        #expect(unit["Service.AmbientCapabilities"] == [""])
        #expect(unit["Service.ProtectSystem"] == ["strict"])
        #expect(unit["Service.RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK"])
        #expect(unit["Service.SystemCallFilter"] == ["@system-service", "~@privileged @resources"])
        // PrivateNetwork cuts udev's netlink events (no input hotplug); PrivateDevices
        // hides /dev/dri and /dev/input.
        #expect(unit["Service.PrivateNetwork"] == nil)
        #expect(unit["Service.PrivateDevices"] == nil)
        // /sys read-only but its device tree, where a backlight's files are ([power]).
        #expect(unit["Service.ProtectKernelTunables"] == ["yes"])
        #expect(unit["Service.ReadWritePaths"] == ["-/sys/devices"])
        #expect(unit["Install.WantedBy"] == ["multi-user.target"])
    }

    /// The backlight rule gives brightness and bl_power to group video (which the unit's
    /// SupplementaryGroups has) for every backlight as it appears, and nothing else.
    @Test func backlightRuleGivesItsTwoFilesToVideo() throws {
        let text = try Self.read(Self.root + "/systemd/70-vitrine-backlight.rules")
        let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingSpaces().isEmpty }
        #expect(rules.count == 1, "one rule, not \(rules.count)")
        let rule = String(try #require(rules.first))
        #expect(rule.contains(#"ACTION=="add|change""#) && rule.contains(#"SUBSYSTEM=="backlight""#))
        #expect(rule.contains(#"RUN+="/bin/chgrp video /sys%p/brightness /sys%p/bl_power""#))
        #expect(rule.contains(#"RUN+="/bin/chmod g+w /sys%p/brightness /sys%p/bl_power""#))
        let unit = Self.parse(try Self.read(Self.unitPath))
        #expect(unit["Service.SupplementaryGroups"]?.first?.split(separator: " ").contains("video") == true)
    }

    // MARK: - Helpers

    /// Assignments by "Section.Key", in file order; comments and blank lines skipped.
    static func parse(_ text: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var section = ""
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = section + "." + String(line[..<equals])
            result[key, default: []].append(String(line[line.index(after: equals)...]))
        }
        return result
    }

    /// The number in "Overall exposure level for X: 1.0 OK".
    static func exposure(_ output: String) -> Double? {
        for line in output.split(separator: "\n") where line.contains("Overall exposure level for ") {
            guard let colon = line.lastIndex(of: ":") else { return nil }
            let words = line[line.index(after: colon)...].split(separator: " ")
            return words.first.flatMap { Double($0) }
        }
        return nil
    }

    /// Output lines, except those about units of the host (verify also loads what the unit
    /// names, such as multi-user.target, and reports on those files by their paths).
    static func linesAboutUs(_ output: String) -> [String] {
        let host = ["/lib/systemd/", "/usr/lib/systemd/", "/etc/systemd/", "/run/systemd/"]
        return output.split(separator: "\n").map(String.init).filter { line in
            !host.contains { line.hasPrefix($0) }
        }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// systemd-analyze's path, from PATH or the usual places.
    static func systemdAnalyze() throws -> String {
        var folders = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init)
        folders += ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
        for folder in folders where access(folder + "/systemd-analyze", X_OK) == 0 {
            return folder + "/systemd-analyze"
        }
        throw Missing(
            description:
                "systemd-analyze not found (PATH and /usr/bin): install systemd (apt-get install systemd) to test systemd/vitrine.service"
        )
    }

    /// Runs `program` with `arguments`, stdout and stderr together into a file (no pipe to
    /// fill up), and returns the exit status and the output.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let folder = try temporaryFolder()
        let outPath = folder + "/output"
        defer {
            unlink(outPath)
            rmdir(folder)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard rc == 0 else {
            throw Missing(description: "cannot run \(program): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : -1, try read(outPath))
    }

    static func temporaryFolder() throws -> String {
        var template = Array("/tmp/vitrine-unit-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw Missing(description: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func read(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Missing(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Missing(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw Missing(description: "\(path): short write") }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
