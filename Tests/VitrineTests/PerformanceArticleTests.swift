import Testing
import VitrineTestSupport

/// The Performance article's budget table is the gate's (`Tests/bench/gate.budget`),
/// written by `Tests/bench/performance-tables`, not typed: a budget recorded without the
/// article following fails here.
@Suite struct PerformanceArticleTests {
    static let root = SystemdUnitTests.root

    @Test func budgetTableIsTheGates() throws {
        let r = try ChildProcess.run(["/usr/bin/env", "python3", Self.root + "/Tests/bench/performance-tables", "--check"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }
}
