import VitrineTestSupport
import Testing
@testable import Input

/// Seeded garbage: the parser never traps, and either returns well-formed events or a
/// typed error naming the file and a line of it.
@Suite struct TouchScriptFuzzTests {
    static let words = [
        "down", "move", "up", "cancel", "tap", "swipe", "longpress", "rotate", "frame", "DOWN", "tapp", "#", "# x",
        "auto", "90", "270",
        "0", "1", "2", "9", "10", "-1", "0.05", "1e3", "1e999", "nan", "inf", "-0", "0x10", ".", "-", "+",
        "99999999999999999999", "3.5", "", "é", "\u{0}", "\t", "\r", "1.0.0", "e5", "400", "240", "0.3",
    ]

    static func garbageLine(_ rng: inout SplitMix64, time: inout Double) -> [UInt8] {
        switch rng.next() % 10 {
        case 0:
            // Random bytes, some not UTF-8.
            return (0..<Int(rng.next() % 20)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }.filter { $0 != 0x0A }
        case 1, 2, 3:
            // Random words.
            return Array((0..<Int(rng.next() % 8)).map { _ in words[Int(rng.next() % UInt64(words.count))] }
                .joined(separator: " ").utf8)
        default:
            // Plausible lines with plausible mistakes.
            time += Double(rng.next() % 4) * 0.05
            let verb = ["down", "move", "up", "cancel", "tap", "swipe", "longpress", "rotate"][Int(rng.next() % 8)]
            var fields = [rng.next() % 20 == 0 ? "0.01" : "\(time)", verb]
            for _ in 0..<Int(rng.next() % 6) {
                fields.append(rng.next() % 12 == 0 ? words[Int(rng.next() % UInt64(words.count))] : "\(rng.next() % 5)")
            }
            return Array(fields.joined(separator: " ").utf8)
        }
    }

    /// A valid line of a gesture verb or `rotate` (these never conflict with one another).
    static func validLine(_ rng: inout SplitMix64, time: inout Double) -> [UInt8] {
        time += Double(rng.next() % 4) * 0.05
        let x = rng.next() % 800, y = rng.next() % 480
        switch rng.next() % 5 {
        case 4: return Array("\(time) rotate \(["0", "90", "180", "270", "auto"][Int(rng.next() % 5)])".utf8)
        case 0: return Array("\(time) tap \(x) \(y)".utf8)
        case 1: return Array("\(time) longpress \(x) \(y) 0.\(1 + rng.next() % 9)".utf8)
        case 2: return Array("\(time) swipe \(x) \(y) \(y) \(x) 0.\(1 + rng.next() % 9) # fling".utf8)
        default: return Array("\(time) cancel".utf8)
        }
    }

    @Test(arguments: [7, 11, 2024, 0xC0FFEE] as [UInt64])
    func garbageNeverCrashesTheParser(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var parsed = 0
        var failed = 0
        for _ in 0..<500 {
            var time = 0.0
            let lineCount = 1 + Int(rng.next() % 30)
            var bytes: [UInt8] = []
            // Half the scripts are valid but for, perhaps, one line of garbage.
            let mostlyValid = rng.next() % 2 == 0
            let bad = mostlyValid ? Int(rng.next() % UInt64(2 * lineCount)) : -1
            for i in 0..<lineCount {
                if i > 0 { bytes.append(0x0A) }
                if !mostlyValid || i == bad {
                    bytes += Self.garbageLine(&rng, time: &time)
                } else {
                    bytes += Self.validLine(&rng, time: &time)
                }
            }
            do {
                let script = try TouchScript.parse(bytes: bytes, path: "fuzz.touch")
                parsed += 1
                #expect(Self.isWellFormed(script.events))
                #expect(zip(script.rotations, script.rotations.dropFirst()).allSatisfy { $0.time <= $1.time && $0.line < $1.line })
                #expect(script.rotations.allSatisfy { (1...lineCount).contains($0.line) })
            } catch {
                failed += 1
                #expect(error.path == "fuzz.touch")
                #expect((1...lineCount).contains(error.line ?? 0))
                #expect(error.description.hasPrefix("fuzz.touch:\(error.line!): "))
            }
        }
        #expect(parsed > 50 && failed > 50, "both outcomes exercised (about 130 and 370 of 500)")
    }

    /// Sorted by time, a frame closing each time, and every slot's events in order: a
    /// down before its moves and its up or cancel.
    static func isWellFormed(_ events: [TouchEvent]) -> Bool {
        var down = Set<Int>()
        var last = -Double.infinity
        for (i, e) in events.enumerated() {
            guard e.time >= last, e.time.isFinite else { return false }
            if i + 1 < events.count, events[i + 1].time != e.time, e.kind != .frame { return false }
            last = e.time
            switch e.kind {
            case .down(let s, _): if !down.insert(s).inserted { return false }
            case .move(let s, _): if !down.contains(s) { return false }
            case .up(let s), .cancel(let s): if down.remove(s) == nil { return false }
            case .frame: break
            }
        }
        return events.last.map { $0.kind == .frame } ?? true
    }
}
