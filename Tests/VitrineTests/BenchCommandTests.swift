import RasterBench
import Testing

@testable import vitrine

/// `vitrine bench`'s command line: pixbench's options, and a usage error (exit 64)
/// naming what was wrong for anything else.
@Suite struct BenchCommandTests {
    /// The message (after "Error: ") and exit status for `arguments`.
    func failure(_ arguments: [String]) -> (message: String, code: Int32) {
        do {
            _ = try BenchCommand.parse(arguments)
            return ("", 0)
        } catch {
            let f = CommandFailure(error)
            return (f.message, f.status)
        }
    }

    @Test func takesPixbenchsOptions() throws {
        let c = try BenchCommand.parse(["-t", "0.25", "-r", "800x480", "-r", "64x48", "-w", "fill,affine_bilinear", "-q"])
        #expect(c.seconds == 0.25)
        #expect(try c.parsedResolutions().map { [$0.0, $0.1] } == [[800, 480], [64, 48]])
        #expect(try c.parsedWorkloads() == [.fill, .affineBilinear])
        #expect(c.quiet)
    }

    @Test func defaultsAreAllWorkloadsAtBothSizes() throws {
        let c = try BenchCommand.parse([])
        #expect(try c.parsedResolutions().map { [$0.0, $0.1] } == [[1920, 1080], [800, 480]])
        #expect(try c.parsedWorkloads() == BenchWorkload.allCases)
    }

    @Test func badResolutionIsAUsageError() {
        for bad in ["800", "801x480", "2x2", "800x", "x480", "800x480x1", "99999x10"] {
            let f = failure(["-r", bad])
            #expect(f.code == 64, "\(bad)")
            #expect(f.message == "bad -r '\(bad)': want WxH with W even, both 4...16384", "\(bad)")
        }
    }

    @Test func unknownWorkloadIsNamed() {
        let f = failure(["-w", "fill,blur"])
        #expect(f.code == 64)
        #expect(f.message.hasPrefix("unknown workload 'blur' (known: fill, copy, over, over_opacity,"))
    }

    @Test func badTimeIsAUsageError() {
        #expect(failure(["-t", "0"]) == ("-t must be in (0, 600] seconds", 64))
        #expect(failure(["-t", "abc"]).code == 64)
    }
}
