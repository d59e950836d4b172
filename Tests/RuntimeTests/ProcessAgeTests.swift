import Testing

@testable import Runtime

@Suite struct ProcessAgeTests {
    /// The command name may hold spaces and parentheses; fields count from its last ')'.
    @Test func startTimeIsField22() {
        let line = "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 1 0 987654 1000 200"
        #expect(ProcessAge.startTicks(statLine: line) == 987654)
        #expect(ProcessAge.startTicks(statLine: "4242 (x) S 1 2") == nil)
        #expect(ProcessAge.startTicks(statLine: "garbage") == nil)
    }

    /// This test process started before the test ran, and not days ago.
    @Test func ownAgeIsPositive() throws {
        let age = try #require(ProcessAge.seconds())
        #expect(age > 0 && age < 24 * 3600)
    }
}
