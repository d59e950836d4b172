internal import Glibc
import Testing

@testable import ConfigFile

/// Nesting is bounded: 64 levels of keys, headers, arrays and inline tables together
/// parse; one more is a clear error, and 20 000 levels return that error at once instead
/// of overflowing the stack.
@Suite struct TOMLDepthTests {
    static let deep = 20_000
    static let nested = "nested deeper than 64 levels"

    /// Deep dotted keys and headers (which once overflowed the stack) and their kin, each
    /// `n` levels deep.
    static func documents(_ n: Int) -> [(name: String, text: String)] {
        let dotted = Array(repeating: "a", count: n).joined(separator: ".")
        return [
            ("dotted key", dotted + " = 1\n"),
            ("table header", "[\(dotted)]\n"),
            // The array is one level, its element the next.
            ("array-of-tables header", "[[" + Array(repeating: "a", count: n - 1).joined(separator: ".") + "]]\n"),
            ("array", "a = " + String(repeating: "[", count: n) + String(repeating: "]", count: n) + "\n"),
            ("inline table", "a = " + String(repeating: "{b=", count: n - 1) + "1" + String(repeating: "}", count: n - 1)),
            ("header then key", "[" + Array(repeating: "h", count: n / 2).joined(separator: ".") + "]\n"
                + Array(repeating: "k", count: n - n / 2).joined(separator: ".") + " = 1"),
            ("arrays of inline tables",
                "a = " + String(repeating: "[{b=", count: (n - 1) / 2) + "1" + String(repeating: "}]", count: (n - 1) / 2)),
        ]
    }

    @Test func sixtyFourLevelsParse() throws {
        for (name, text) in Self.documents(64) {
            #expect(refusal(text) == nil, "\(name)")
        }
    }

    @Test func sixtyFiveLevelsAreRefused() {
        for (name, text) in Self.documents(65) where name != "arrays of inline tables" {
            let line = name == "header then key" ? 2 : 1
            #expect(refusal(text) == ConfigError(file: "t.toml", line: line, key: "", message: Self.nested), "\(name)")
        }
    }

    @Test func twentyThousandLevelsReturnTheError() {
        for (name, text) in Self.documents(Self.deep) {
            #expect(refusal(text) == ConfigError(file: "t.toml", line: 1, key: "", message: Self.nested), "\(name)")
        }
    }

    @Test func theLineIsWhereTheLimitIsCrossed() {
        // Each [[a.a...]] header adds two levels (the array and its element).
        let headers = (1...40).map { "[[" + Array(repeating: "a", count: $0).joined(separator: ".") + "]]" }
        #expect(refusal(headers.joined(separator: "\n"))?.line == 33)
        let array = "a = [\n" + String(repeating: "[\n", count: 70)
        #expect(refusal(array) == ConfigError(file: "t.toml", line: 65, key: "", message: Self.nested))
    }

    /// The deepest documents parse, and the deepest refusals return, on a thread with a
    /// 1 MiB stack (an eighth of the usual 8): the recursion is bounded and its levels are
    /// small even unoptimized.
    @Test func deepDocumentsFitASmallStack() throws {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 20)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { _ in
                for n in [64, 65, TOMLDepthTests.deep] {
                    for (_, text) in TOMLDepthTests.documents(n) {
                        _ = try? ConfigDocument(text: text, path: "t.toml").root.keys
                    }
                }
                return nil
            }, nil)
        try #require(started == 0)
        pthread_join(thread, nil)
    }
}
