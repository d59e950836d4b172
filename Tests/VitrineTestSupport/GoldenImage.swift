import Assets
import Glibc
import Raster

/// Golden-image assertions (the Testing article): a rendered surface is compared with a PNG
/// checked into `Tests/<Module>Tests/Golden/`, named after its parameters
/// (`folder_r90_t0250.png`).
///
/// - Compared per channel (alpha, red, green, blue; 8-bit levels) with a small
///   tolerance, after both images go through PNG: the actual surface is encoded and
///   decoded as a recording would store it, so `.rgb565` and `.a8` surfaces compare
///   with what was recorded from them.
/// - On a failure, the actual image and a diff image (differing pixels in red over a
///   dimmed grey copy of the golden) are written to the failure directory, and the
///   error's message gives both paths, the number of differing pixels and the largest
///   channel difference. A later pass removes them.
/// - Record mode (`VITRINE_RECORD=1`) writes the golden, creating its directory, and
///   still fails: a recording is never a pass. Look at the image before committing it.
public enum GoldenImage {
    /// `Tests/<Module>Tests/Golden` for the test file at `testFile`: the folder after the
    /// last `Tests` component of the path, plus `Golden`. Pass `#filePath` (the default).
    public static func directory(forTestFile testFile: String = #filePath) -> String {
        let parts = testFile.split(separator: "/", omittingEmptySubsequences: false)
        guard let tests = parts.lastIndex(of: "Tests"), tests + 2 < parts.count else {
            // Not inside Tests/<Target>/: next to the file.
            return parts.dropLast().joined(separator: "/") + "/Golden"
        }
        return parts[...(tests + 1)].joined(separator: "/") + "/Golden"
    }

    /// Whether the environment asks for recording: `VITRINE_RECORD` set to anything but
    /// empty or `0`.
    public static var isRecordingRequested: Bool {
        guard let value = environment("VITRINE_RECORD") else { return false }
        return !value.isEmpty && value != "0"
    }

    /// Where failure images go for goldens in `goldenDirectory`:
    /// `<out>/<Module>Tests`, where `<out>` is `goldenOut` (by default
    /// `$VITRINE_GOLDEN_OUT`) if set, else `.build/golden-failures` under the package
    /// root (the nearest folder above `goldenDirectory` with a `Package.swift`), else
    /// `/tmp/vitrine-golden-failures`. `<Module>Tests` is the folder holding `Golden`
    /// (left out if `goldenDirectory` is not named `Golden`).
    public static func failureDirectory(
        forGoldenDirectory goldenDirectory: String, goldenOut: String? = environment("VITRINE_GOLDEN_OUT")
    ) -> String {
        let base: String
        if let goldenOut, !goldenOut.isEmpty {
            base = goldenOut
        } else if let root = packageRoot(above: goldenDirectory) {
            base = root + "/.build/golden-failures"
        } else {
            base = "/tmp/vitrine-golden-failures"
        }
        let parts = goldenDirectory.split(separator: "/")
        guard parts.count >= 2, parts.last == "Golden" else { return base }
        return base + "/" + parts[parts.count - 2]
    }

    /// The value of the environment variable `name`, or nil.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The nearest folder at or above `directory` that holds a `Package.swift`.
    static func packageRoot(above directory: String) -> String? {
        var dir = directory
        while !dir.isEmpty {
            if access(dir + "/Package.swift", F_OK) == 0 { return dir }
            guard let slash = dir.lastIndex(of: "/") else { return nil }
            dir = String(dir[..<slash])
        }
        return access("/Package.swift", F_OK) == 0 ? "/" : nil
    }
}

/// Compares `surface` with the golden PNG `name` in `directory` (see `GoldenImage`).
///
/// - Parameters:
///   - name: the golden's file name, with or without `.png`, carrying the image's
///     parameters: `folder_r90_t0250`.
///   - directory: where the goldens live: `GoldenImage.directory()` from the test file.
///   - tolerance: the largest difference of one channel, in 8-bit levels, that still
///     counts as equal (default 2: rounding differences between kernels' paths).
///   - record: write the golden instead of comparing (and fail); by default
///     `VITRINE_RECORD` decides. Tests of this function pass it explicitly.
///   - failureDirectory: where the actual and diff images of a failure go; by default
///     `GoldenImage.failureDirectory(forGoldenDirectory: directory)`.
/// - Throws: `GoldenImageError` on any failure, recording included.
public func assertGolden(
    _ surface: Surface, named name: String, in directory: String, tolerance: Int = 2,
    record: Bool = GoldenImage.isRecordingRequested, failureDirectory: String? = nil
) throws(GoldenImageError) {
    let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
    let goldenPath = directory + "/" + base + ".png"
    let outDirectory = failureDirectory ?? GoldenImage.failureDirectory(forGoldenDirectory: directory)
    let actualPath = outDirectory + "/" + base + ".actual.png"
    let diffPath = outDirectory + "/" + base + ".diff.png"

    if record {
        try io { () throws(ImageError) in
            try makeDirectories(directory, for: goldenPath)
            try PNG.write(surface, to: goldenPath)
        }
        throw .recorded(golden: goldenPath)
    }

    let golden: Surface
    do {
        golden = try PNG.read(path: goldenPath)
    } catch .notFound {
        throw .missing(golden: goldenPath)
    } catch {
        throw .io(error)
    }
    // As a recording would store it.
    let actual = try io { () throws(ImageError) in try PNG.decode(PNG.encode(surface)) }

    guard golden.width == actual.width, golden.height == actual.height, golden.format == actual.format else {
        try io { () throws(ImageError) in
            try makeDirectories(outDirectory, for: actualPath)
            try PNG.write(surface, to: actualPath)
        }
        unlink(diffPath)
        throw .sizeOrFormat(
            golden: goldenPath,
            goldenSize: .init(width: golden.width, height: golden.height, format: golden.format),
            actualSize: .init(width: actual.width, height: actual.height, format: actual.format),
            actual: actualPath)
    }

    let comparison = GoldenComparison(golden: golden, actual: actual, tolerance: tolerance)
    guard comparison.differingPixels > 0 else {
        // A pass clears the images of an earlier failure.
        unlink(actualPath)
        unlink(diffPath)
        return
    }
    try io { () throws(ImageError) in
        try makeDirectories(outDirectory, for: actualPath)
        try PNG.write(surface, to: actualPath)
        try PNG.write(comparison.diffImage(), to: diffPath)
    }
    throw .mismatch(
        golden: goldenPath, differingPixels: comparison.differingPixels, totalPixels: golden.width * golden.height,
        largestDifference: comparison.largestDifference, tolerance: tolerance, actual: actualPath, diff: diffPath)
}

/// `body`'s `ImageError`, as a golden-image failure.
private func io<T>(_ body: () throws(ImageError) -> T) throws(GoldenImageError) -> T {
    do {
        return try body()
    } catch {
        throw .io(error)
    }
}

/// `mkdir -p directory`; an error names `file`, the file that was to be written there.
func makeDirectories(_ directory: String, for file: String) throws(ImageError) {
    var path = directory.hasPrefix("/") ? "/" : ""
    for part in directory.split(separator: "/") {
        path += (path.isEmpty || path == "/" ? "" : "/") + part
        if mkdir(path, 0o755) != 0, case let e = errno, e != EEXIST {
            throw .writeFailed(path: file, errno: e)
        }
    }
}
