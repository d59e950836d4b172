internal import Glibc
import Testing

@testable import ConfigFile

/// A seeded fuzz driver: documents made of random TOML-ish tokens, and random mutations of
/// the repository's board files and of the design's show manifest. Each must parse, or
/// throw a `ConfigError` naming the file, key "", a line within the text and a short
/// message; nothing may trap, hang or overflow the stack.
///
/// Every document comes from its own seed, printed with any failure:
/// `TOMLFuzzTests.document(seed:seeds:)` makes that document again.
@Suite struct TOMLFuzzTests {
    static let count = 20_000
    static let firstSeed: UInt64 = 0x7A3C_E11E_0000_0001

    /// xorshift64*: small, fast, and the same on every machine.
    struct XorShift {
        var state: UInt64

        init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }

        /// 0..<n.
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let tokens: [String] = [
        "[", "[[", "]", "]]", "=", " = ", "\"", "'", "'''", "\"\"\"", ".", "{", "}", ",", "\n", "\n", "\n", "\r\n",
        "\r", " ", "\t", "#", "# note\n", "\\", "a", "b", "key", "display", "format", "tiles", "_", "-", ":", "+",
        "\"quoted\"", "'literal'", "\"a.b\"", "\"\"", "\"\\u00e9\"", "\"\\uD800\"", "\"\\U0001F600\"", "\"\\x\"",
        "\"\\\n\"", "1", "0", "-1", "+1_000", "1__0", "01", "0x1F", "0o7", "0b1", "0xFFFFFFFFFFFFFFFF",
        "9223372036854775807", "9223372036854775808", "1e5", "1.5", "-0.0", ".5", "1.", "6.02e+23", "inf", "-nan",
        "true", "false", "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "1979-05-27 07:32:00.5+01:00",
        "2023-02-29", "24:00:00", "é", "😀", "\u{0}", "\u{7}", "\u{7F}", "\u{FEFF}", "\u{2028}",
        "[a]\n", "[[a]]\n", "[a.b]\n", "a = 1\n", "a.b = 2\n", "x = {y = 1}\n", "v = [1, [2, {z = 3}]]\n",
        "s = \"\"\"\nline\n\"\"\"\n", "t = '''\n'''\n", "[[[", "{{{", "[[[[[[[[",
    ]

    /// Bytes a mutation writes over another.
    static let punctuation = Array("[]{}=\"'.,#\n\r\\ \t_-+:0aZ".utf8) + [0x00, 0x7F, 0xC3, 0xFF]

    /// The seeds of the mutations: every board file in the repository, and the manifest
    /// of a show manifest.
    static let seeds: [[UInt8]] = {
        var seeds = [Array(designManifest.utf8)]
        let board = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
            .joined(separator: "/")) + "/board"
        if let dir = opendir(board) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".toml") { names.append(name) }
            }
            closedir(dir)
            for name in names.sorted() {
                if let bytes = try? ConfigDocument.readFile(board + "/" + name) { seeds.append(bytes) }
            }
        }
        return seeds
    }()

    /// The document of one seed: random tokens, or one of `seeds` mutated one to four times.
    static func document(seed: UInt64, seeds: [[UInt8]]) -> String {
        var rng = XorShift(seed: seed)
        if rng.below(2) == 0 || seeds.isEmpty {
            var text = ""
            for _ in 0..<(1 + rng.below(40)) { text += rng.pick(tokens) }
            return text
        }
        var bytes = rng.pick(seeds)
        for _ in 0..<(1 + rng.below(4)) {
            let at = rng.below(bytes.count + 1)
            switch rng.below(8) {
            case 0:  // delete a run
                let end = min(bytes.count, at + 1 + rng.below(16))
                if at < end { bytes.removeSubrange(at..<end) }
            case 1:  // insert a token
                bytes.insert(contentsOf: Array(rng.pick(tokens).utf8), at: at)
            case 2:  // overwrite a byte
                if at < bytes.count { bytes[at] = rng.pick(punctuation) }
            case 3:  // cut the end off
                bytes.removeSubrange(at...)
            case 4:  // repeat a line
                let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                let line = lines[rng.below(lines.count)]
                bytes.insert(contentsOf: line + [0x0A], at: at)
            case 5:  // swap two lines
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                lines.swapAt(rng.below(lines.count), rng.below(lines.count))
                bytes = Array(lines.joined(separator: [0x0A]))
            case 6:  // open deep nesting
                bytes.insert(contentsOf: Array(repeating: rng.pick(Array("[{.".utf8)), count: 1 + rng.below(100)), at: at)
            default:  // double a byte's neighbourhood
                let end = min(bytes.count, at + 1 + rng.below(8))
                if at < end { bytes.insert(contentsOf: bytes[at..<end], at: at) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)  // invalid UTF-8 becomes U+FFFD
    }

    /// What is wrong with the outcome of parsing `text`, or nil when it is as it should be.
    static func problem(parsing text: String) -> String? {
        let lines = 1 + text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        do {
            let document = try ConfigDocument(text: text, path: "fuzz.toml")
            // Every line the parser recorded lies within the text; `line(of:)` finds each key.
            var pending: [(path: String, value: ConfigValue)] = [("", document.value)]
            while let (path, value) = pending.popLast() {
                switch value {
                case .table(let entries):
                    for entry in entries {
                        guard (1...lines).contains(entry.line) else { return "line \(entry.line) of \(entry.key)" }
                        let full = path.isEmpty ? entry.key : path + "." + entry.key
                        pending.append((full, entry.value))
                    }
                case .array(let items):
                    for (i, item) in items.enumerated() {
                        guard (1...lines).contains(item.line) else { return "line \(item.line) of \(path)[\(i)]" }
                        pending.append((path + "[\(i)]", item.value))
                    }
                default: break
                }
            }
            _ = document.root.keys
            return nil
        } catch {
            guard error.file == "fuzz.toml", error.key.isEmpty else { return "error names \(error.file), \(error.key)" }
            guard let line = error.line, (1...lines).contains(line) else {
                return "error line \(String(describing: error.line)) outside 1...\(lines): \(error.message)"
            }
            guard error.message.count <= 200 else { return "message of \(error.message.count) characters" }
            return nil
        }
    }

    @Test func everyDocumentParsesOrGivesALocatedError() {
        let seeds = Self.seeds
        #expect(seeds.count >= 2, "the board files were not found")
        var failures = 0
        for i in 0..<UInt64(Self.count) {
            let seed = Self.firstSeed &+ i
            let text = Self.document(seed: seed, seeds: seeds)
            if let problem = Self.problem(parsing: text) {
                failures += 1
                if failures <= 10 {
                    Issue.record("seed 0x\(String(seed, radix: 16)): \(problem)\n\(clipped(text))")
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func theDriverIsDeterministic() {
        let seeds = Self.seeds
        for seed: UInt64 in [1, 42, 0xDEAD_BEEF] {
            #expect(Self.document(seed: seed, seeds: seeds) == Self.document(seed: seed, seeds: seeds))
        }
        var rng = XorShift(seed: 1)
        #expect([rng.next(), rng.next()] == [5_180_492_295_206_395_165, 12_380_297_144_915_551_517])
    }

    /// Some documents must parse and some must not, or the driver tests little.
    @Test func theDocumentsAreAMix() {
        let seeds = Self.seeds
        var parsed = 0
        for i in 0..<UInt64(500) where (try? ConfigDocument(text: Self.document(seed: Self.firstSeed &+ i, seeds: seeds), path: "f")) != nil {
            parsed += 1
        }
        #expect(parsed > 25)
        #expect(parsed < 475)
    }
}
