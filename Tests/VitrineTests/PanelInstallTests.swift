import Assets
import Glibc
import Testing
import VitrineTestSupport

/// The panel install line names every package the binary needs at run time: each library
/// in the binary's NEEDED entries (`readelf -d`), mapped to its Debian package (`dpkg -S`
/// on the path `ldd` resolves it to, or the table below where dpkg has no answer), and
/// the font it draws text with. A library added to the link (libwayland-client and
/// libudev were once missing from the line) fails here until the README says to install
/// it, since on a minimal panel the binary would not start.
///
/// The line is the README's `apt-get install` line that names libinput10 (the runtime
/// one; the other installs the development packages), and the deploying guide says the
/// same. Skipped where readelf is missing (Debian's binutils, which the README's set-up
/// line installs).
@Suite struct PanelInstallTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // PanelInstallTests.swift, VitrineTests, Tests
        return parts.joined(separator: "/")
    }()

    /// Where dpkg has no answer (no dpkg, or a library found outside the package
    /// database): the Debian 12 package of each library Vitrine links.
    static let knownPackages: [String: String] = [
        "libfreetype.so.6": "libfreetype6", "libharfbuzz.so.0": "libharfbuzz0b", "libspng.so.0": "libspng0",
        "libfontconfig.so.1": "libfontconfig1",
        "libturbojpeg.so.0": "libturbojpeg0", "libdrm.so.2": "libdrm2", "libinput.so.10": "libinput10",
        "libudev.so.1": "libudev1", "libwayland-client.so.0": "libwayland-client0",
        "libstdc++.so.6": "libstdc++6", "libgcc_s.so.1": "libgcc-s1",
    ]

    /// What the panel's build (`swift build -c release --static-swift-stdlib`) links besides
    /// what a debug build shows: the C++ runtime under the static Swift runtime. A debug
    /// binary links the Swift runtime's shared libraries instead, which the panel never
    /// gets (so `libswift*` is not a package to install).
    static let staticBuildLibraries = ["libstdc++.so.6", "libgcc_s.so.1"]

    /// libc6 is Essential on Debian: always there.
    static func isCLibrary(_ soname: String) -> Bool {
        ["libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1"].contains(soname)
            || soname.hasPrefix("ld-linux")
    }

    static func executable(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first { access($0, X_OK) == 0 }
    }

    static let readelf = executable("readelf")

    /// The packages the README's panel line names.
    static func panelLine(_ text: String) -> [String]? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains("apt-get install") && $0.contains("libinput10") })
        else { return nil }
        return line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("-") && $0 != "apt-get" && $0 != "install" }
    }

    /// NEEDED sonames of `binary`.
    static func needed(_ binary: String, readelf: String) throws -> [String] {
        let r = try ChildProcess.run([readelf, "-d", binary])
        #expect(r.status == 0, "readelf -d \(binary): \(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// soname -> path, as the dynamic loader resolves it for `binary`.
    static func resolved(_ binary: String) throws -> [String: String] {
        guard let ldd = executable("ldd") else { return [:] }
        let r = try ChildProcess.run([ldd, binary])
        var out: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count >= 3, words[1] == "=>" { out[String(words[0]).trimmingSpaces] = String(words[2]) }
        }
        return out
    }

    /// The package that owns `path` (tried as resolved, and with and without /usr, since a
    /// merged /usr lets dpkg know a file under either name).
    static func package(owning path: String) throws -> String? {
        guard let dpkg = executable("dpkg") else { return nil }
        var candidates = [path]
        if let real = realpath(path, nil) {
            candidates.append(String(cString: real))
            free(real)
        }
        for c in candidates {
            candidates.append(c.hasPrefix("/usr/") ? String(c.dropFirst(4)) : "/usr" + c)
        }
        for c in candidates {
            let r = try ChildProcess.run([dpkg, "-S", c])
            guard r.status == 0, let first = r.stdout.split(separator: "\n").first, let colon = first.firstIndex(of: ":")
            else { continue }
            return String(first[..<colon])
        }
        return nil
    }

    @Test(.enabled(if: readelf != nil, "readelf (binutils) is not installed"))
    func theReadmeInstallsEveryLibraryTheBinaryNeeds() throws {
        let readme = ChildProcess.read(Self.root + "/README.md")
        let guide = ChildProcess.read(Self.root + "/Sources/vitrine/Vitrine.docc/DeployingOnAPanel.md")
        let line = try #require(Self.panelLine(readme), "README.md has no apt-get install line naming libinput10")
        #expect(Self.panelLine(guide).map(Set.init) == Set(line), "the deploying guide's panel line differs from the README's")

        // The binary swift test built, and the release binary when there is one.
        var binaries = [ChildProcess.vitrineBinary()]
        let release = Self.root + "/.build/release/vitrine"
        if access(release, X_OK) == 0 { binaries.append(release) }

        var wanted: [String: String] = [:]  // package -> why
        for binary in binaries {
            let sonames = try Self.needed(binary, readelf: Self.readelf!)
            #expect(sonames.contains("libinput.so.10"), "\(binary): NEEDED has no libinput: \(sonames)")
            let paths = try Self.resolved(binary)
            for soname in sonames + Self.staticBuildLibraries where !Self.isCLibrary(soname) && !soname.hasPrefix("libswift") {
                let owner = try paths[soname].flatMap { try Self.package(owning: $0) } ?? Self.knownPackages[soname]
                let package = try #require(owner, "\(soname) (needed by \(binary)): no Debian package known for it")
                wanted[package.split(separator: ":").first.map(String.init) ?? package] = soname
            }
        }
        // The font every text is drawn with.
        wanted[try Self.package(owning: Font.defaultPath) ?? "fonts-dejavu-core"] = Font.defaultPath

        for (package, why) in wanted.sorted(by: { $0.key < $1.key }) {
            #expect(line.contains(package), "README's panel install line does not name \(package) (for \(why))")
        }
        #expect(wanted.keys.contains("libwayland-client0") && wanted.keys.contains("libudev1"))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
