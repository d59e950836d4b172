internal import Glibc
internal import TOMLKit

/// A parsed TOML file, and where each key sits in its text.
///
/// Parsing is TOMLKit's (toml++); the values are copied out once into plain Swift values
/// so that readers are quick and never touch the C++ tree again.
public final class ConfigDocument: @unchecked Sendable {
    /// The file's path as the user gave it: what messages name.
    public let path: String
    /// The biggest configuration file read, bytes: a board or a manifest is a few KiB;
    /// anything this big is a mistake (a picture named instead of a manifest, say).
    public static let maxBytes = 1 << 20

    let value: ConfigValue
    let keyLines: KeyLines

    /// Reads and parses the file at `path`.
    ///
    /// - Throws: `ConfigError` with key "" for an unreadable file ("cannot read: " and the
    ///   errno text), a file over `maxBytes`, text that is not UTF-8, or a TOML syntax
    ///   error (with the parser's line).
    public static func load(path: String) throws(ConfigError) -> ConfigDocument {
        let bytes = try readFile(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, line: nil, key: "", message: "not UTF-8 text")
        }
        return try ConfigDocument(text: text, path: path)
    }

    /// Parses `text`; `path` is only what messages name.
    public init(text: String, path: String) throws(ConfigError) {
        self.path = path
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                file: path, line: error.source.begin.line, key: "", message: "TOML syntax: \(error.description)")
        } catch {
            throw ConfigError(file: path, line: nil, key: "", message: "TOML syntax: \(error)")
        }
        value = ConfigValue(table)
        keyLines = KeyLines(text: text)
    }

    /// The top-level table.
    public var root: ConfigTable {
        guard case .table(let entries) = value else { return ConfigTable(document: self, path: "", entries: []) }
        return ConfigTable(document: self, path: "", entries: entries)
    }

    /// The 1-based line of a key path ("display.format", "folder[1].id",
    /// "home.tiles[2].open"); nil when it is not in the text.
    public func line(of keyPath: String) -> Int? { keyLines[keyPath] }

    private static func readFile(_ path: String) throws(ConfigError) -> [UInt8] {
        func failure(_ code: Int32) -> ConfigError {
            ConfigError(file: path, line: nil, key: "", message: "cannot read: \(String(cString: strerror(code)))")
        }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard bytes.count <= maxBytes else {
                throw ConfigError(
                    file: path, line: nil, key: "", message: "too big for a configuration file (over \(maxBytes) bytes)")
            }
        }
    }
}
