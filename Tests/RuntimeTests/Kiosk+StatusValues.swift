@testable import Runtime

extension Kiosk {
    /// `status`'s lines as a table of key to value, for the tests that read them.
    var statusValues: [String: String] {
        Dictionary(
            uniqueKeysWithValues: status().compactMap { line -> (String, String)? in
                let kv = line.split(separator: "=", maxSplits: 1)
                return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
            })
    }
}
