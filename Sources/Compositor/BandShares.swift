import Raster

/// How the rows of a job in bands (`PaintPool`) are shared among the threads that paint
/// them: in proportion to how fast each painted its rows of the jobs before, so that a
/// thread whose core is busier (a virtual machine's second core, one the kernel has
/// other work for), or whose band holds the costlier part of the picture, gets fewer
/// rows and the threads finish together; cut evenly, the frame waited for the slowest
/// (the Performance article: "Rows shared by speed"). Only the cut follows the speeds:
/// every pixel is the same whatever the cut.
struct BandShares {
    /// Each thread's share of the rows (the caller's last); they add up to 1.
    private(set) var shares: [Double]

    /// How far one job moves the shares toward the speeds measured on it (the rest is
    /// the shares before): one job slowed for no lasting reason moves them only so far.
    static let step = 0.5

    /// The least share a thread keeps, as a fraction of an even share, so that a thread
    /// slow for a while keeps being measured and gets its rows back.
    static let least = 0.25

    /// Even shares for `threads` threads (at least 1).
    init(threads: Int) {
        let n = Swift.max(1, threads)
        shares = Array(repeating: 1 / Double(n), count: n)
    }

    /// Cuts `region` into `parts` bands (at most `shares.count`; the first `parts`
    /// shares, in proportion) top to bottom, written to `bands[0..<parts]`; each has at
    /// least one row when the region has `parts` rows or more.
    func cut(_ region: PixelRect, parts: Int, into bands: inout [PixelRect]) {
        var total = 0.0
        for i in 0..<parts { total += shares[i] }
        var y = region.y, sum = 0.0
        for i in 0..<parts {
            sum += shares[i]
            let left = parts - 1 - i  // bands after this one, a row each
            var end = i == parts - 1 ? region.maxY : region.y + Int((sum / total * Double(region.height)).rounded())
            end = Swift.min(Swift.max(end, Swift.min(y + 1, region.maxY)), Swift.max(region.maxY - left, y))
            bands[i] = PixelRect(x: region.x, y: y, width: region.width, height: end - y)
            y = end
        }
    }

    /// Moves the shares of the first `parts` threads toward their speeds on the last
    /// job: band `i` of `bands` painted by thread `i` in `nanoseconds[i]`. A job where a
    /// thread had no rows, or took no measurable time, teaches nothing.
    mutating func learn(bands: [PixelRect], parts: Int, nanoseconds: UnsafePointer<Int64>) {
        guard parts > 1 else { return }
        // Rows a nanosecond, summed; and the sum of the shares they are to replace.
        var speedSum = 0.0, shareSum = 0.0
        for i in 0..<parts {
            guard bands[i].height > 0, nanoseconds[i] > 0 else { return }
            speedSum += Double(bands[i].height) / Double(nanoseconds[i])
            shareSum += shares[i]
        }
        let floor = Self.least / Double(parts) * shareSum
        // Each share half way to its speed's (`step`), then those below the floor raised
        // to it and the others scaled down to keep the sum.
        var raised = 0, rest = 0.0
        for i in 0..<parts {
            let target = Double(bands[i].height) / Double(nanoseconds[i]) / speedSum * shareSum
            shares[i] = (1 - Self.step) * shares[i] + Self.step * target
            if shares[i] < floor { raised += 1 } else { rest += shares[i] }
        }
        guard raised > 0 else { return }
        let scale = (shareSum - Double(raised) * floor) / rest
        for i in 0..<parts { shares[i] = shares[i] < floor ? floor : shares[i] * scale }
    }
}
