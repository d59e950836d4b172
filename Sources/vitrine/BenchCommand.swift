import LinuxSystem
import Assets
import RasterBench

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine bench`: the raster kernels timed on the pixman reference benchmark's content
/// and transforms, in its line format and with its options, so that
/// Tests/bench/pixman/compare can run the two side by side.
struct BenchCommand: Command {
    static let syntax = CommandSyntax(
        name: "bench",
        abstract: "Time the raster kernels on the pixman reference benchmark's workloads.",
        options: [
            .value("-t", help: "Timed seconds per workload.", default: "0.5"),
            .repeated("-r", help: "Resolution WxH (W even); repeatable. Default 1920x1080 and 800x480."),
            .value("-w", help: "Comma-separated workloads. Default: all."),
            .value("-d", help: "Write each workload's result, from the background, as PNG into this folder."),
            .flag("-q", help: "No diagnostics on stderr."),
            .value(
                "--count",
                help:
                    "Run each workload this many times, untimed, and print `<workload> <W>x<H> runs=N` (for callgrind: Tests/bench/gate)."
            ),
        ])

    let seconds: Double
    let resolutions: [String]
    let workloads: String?
    let dumpDirectory: String?
    let quiet: Bool
    let count: Int?

    init(_ line: ParsedCommandLine) throws(CommandLineError) {
        seconds = try line.value("-t") ?? 0.5
        resolutions = try line.values("-r")
        workloads = try line.value("-w")
        dumpDirectory = try line.value("-d")
        quiet = line.flag("-q")
        count = try line.value("--count")
    }

    func parsedResolutions() throws -> [(Int, Int)] {
        if resolutions.isEmpty { return [(1920, 1080), (800, 480)] }
        return try resolutions.map { text in
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 4, h >= 4, w % 2 == 0,
                w <= 16384, h <= 16384
            else {
                throw UsageError("bad -r '\(text)': want WxH with W even, both 4...16384")
            }
            return (w, h)
        }
    }

    func parsedWorkloads() throws -> [BenchWorkload] {
        guard let workloads else { return BenchWorkload.defaults }
        return try workloads.split(separator: ",").map { name in
            guard let w = BenchWorkload(rawValue: String(name)) else {
                let known = BenchWorkload.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown workload '\(name)' (known: \(known))")
            }
            return w
        }
    }

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw UsageError("-t must be in (0, 600] seconds") }
        if let count, !(1...1000).contains(count) { throw UsageError("--count must be 1...1000") }
        _ = try parsedResolutions()
        _ = try parsedWorkloads()
    }

    func run() throws {
        if let dir = dumpDirectory, mkdir(dir, 0o755) != 0, errno != EEXIST {
            throw UsageError("can't create -d folder \(dir): \(SystemErrno.current)")
        }
        for (w, h) in try parsedResolutions() {
            for workload in try parsedWorkloads() {
                let bench = BenchCase(workload, width: w, height: h)
                if let dir = dumpDirectory, bench.drawsFramebuffer {
                    bench.run()
                    let image = bench.rgb565 ?? bench.framebuffer
                    try PNG.write(image, to: "\(dir)/\(workload.rawValue)_\(w)x\(h).png")
                    bench.reset()
                }
                if let count {
                    bench.countedRuns(count)
                    print("\(workload.rawValue) \(w)x\(h) runs=\(count)")
                    continue
                }
                let result = BenchRunner.measure(bench, target: seconds)
                print(result.line)
                if !quiet {
                    FileOutput.standardError("# \(workload.rawValue) \(w)x\(h) n=\(result.repetitions)")
                }
            }
        }
    }
}

/// Writing to standard error without Foundation.
enum FileOutput {
    static func standardError(_ line: String) {
        var text = line
        text += "\n"
        text.withUTF8 { buf in _ = write(2, buf.baseAddress, buf.count) }
    }
}
