internal import Glibc
import Raster

/// Threads that paint horizontal bands of a repaint rectangle alongside the caller, so a
/// busy frame uses every core of the panel's SoC; they also turn the finished frame into
/// the panel's buffer (`transfer`) in bands the same way. Each pixel's value doesn't depend on
/// how the region is cut (the kernels compute every pixel from its own position), so
/// the picture is the same with any number of threads; tests check it.
///
/// Persistent threads and semaphores: dispatching a frame allocates nothing. Only the
/// painting runs on these threads; the layer tree, damage and every system call stay on
/// the caller's (the event loop's) thread.
final class PaintPool: @unchecked Sendable {
    /// Threads besides the caller.
    let workerCount: Int
    /// Below this many pixels a rectangle is painted by the caller alone: waking a thread
    /// costs more than it saves.
    static let minimumPixels = 64 * 1024

    private var threads: [pthread_t] = []
    private let start: UnsafeMutablePointer<sem_t>
    private let done: UnsafeMutablePointer<sem_t>
    private var stopping = false

    // The job of the moment, written by the caller before it posts `start`.
    private var list: [DrawItem] = []
    private var target: Surface?
    private var background: UInt32?
    /// Set for a transfer job (else the job paints `list`).
    private var transferSource: Surface?
    private var transferTurn: QuarterTurn?
    private var transferStaging: Surface?
    private var bands: [PixelRect]
    private var failures: [RasterError?]

    /// `workers` threads (0: the caller paints alone).
    init(workers: Int) {
        workerCount = Swift.max(0, workers)
        start = .allocate(capacity: Swift.max(1, workerCount))
        done = .allocate(capacity: 1)
        sem_init(done, 0, 0)
        bands = Array(repeating: .empty, count: workerCount + 1)
        failures = Array(repeating: nil, count: workerCount + 1)
        for i in 0..<workerCount {
            sem_init(start + i, 0, 0)
            let context = Unmanaged.passRetained(WorkerContext(pool: self, index: i)).toOpaque()
            var thread = pthread_t()
            if pthread_create(&thread, nil, paintWorkerMain, context) == 0 {
                threads.append(thread)
            } else {
                Unmanaged<WorkerContext>.fromOpaque(context).release()
            }
        }
    }

    deinit {
        stopping = true
        for i in 0..<threads.count { sem_post(start + i) }
        for t in threads { pthread_join(t, nil) }
        for i in 0..<workerCount { sem_destroy(start + i) }
        sem_destroy(done)
        start.deallocate()
        done.deallocate()
    }

    /// The number of CPUs online, at most `cap`, minus the caller: the default pool size.
    static func defaultWorkers(cap: Int = 4) -> Int {
        let n = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return Swift.max(0, Swift.min(cap, n > 0 ? n : 1) - 1)
    }

    /// Paints `region` of `target` from `list` (see `Compositor.paint`), in bands across
    /// the threads when it is large enough.
    func paint(_ list: [DrawItem], into target: Surface, region: PixelRect, background: UInt32?) throws(RasterError) {
        guard shouldSplit(region) else {
            return try Compositor.paint(list, into: target, region: region, background: background)
        }
        self.list = list
        self.target = target
        self.background = background
        defer {
            self.list.removeAll(keepingCapacity: true)
            self.target = nil
        }
        try runBands(region)
    }

    /// Writes `region` (target pixels) of `target` from `source`, turned by `turn` and
    /// converted to the target's format (see `Compositor.transfer`), in bands across the
    /// threads when it is large enough.
    func transfer(
        from source: Surface, into target: Surface, turn: QuarterTurn?, staging: Surface?, region: PixelRect
    ) throws(RasterError) {
        guard shouldSplit(region) else {
            return try Compositor.transfer(from: source, into: target, turn: turn, staging: staging, region: region)
        }
        transferSource = source
        transferTurn = turn
        transferStaging = staging
        self.target = target
        defer {
            transferSource = nil
            transferStaging = nil
            self.target = nil
        }
        try runBands(region)
    }

    private func shouldSplit(_ region: PixelRect) -> Bool {
        threads.count > 0 && region.area >= Self.minimumPixels && region.height >= threads.count + 1
    }

    /// Cuts `region` into one horizontal band per thread (the caller's last), runs the
    /// job on each, waits for all, and throws the first failure.
    private func runBands(_ region: PixelRect) throws(RasterError) {
        let parts = threads.count + 1
        var y = region.y
        for i in 0..<parts {
            let h = (region.maxY - y) / (parts - i)
            bands[i] = PixelRect(x: region.x, y: y, width: region.width, height: h)
            failures[i] = nil
            y += h
        }
        for i in 0..<threads.count { sem_post(start + i) }
        runJob(threads.count)
        for _ in 0..<threads.count { sem_wait(done) }
        for f in failures { if let f { throw f } }
    }

    /// Runs the current job on band `index`, keeping its failure.
    private func runJob(_ index: Int) {
        guard let target else { return }
        do {
            if let transferSource {
                try Compositor.transfer(
                    from: transferSource, into: target, turn: transferTurn, staging: transferStaging,
                    region: bands[index])
            } else {
                try Compositor.paint(list, into: target, region: bands[index], background: background)
            }
        } catch {
            failures[index] = error
        }
    }

    /// A worker's loop: wait for a band, paint it, report.
    fileprivate func work(_ index: Int) {
        while true {
            sem_wait(start + index)
            if stopping { return }
            runJob(index)
            sem_post(done)
        }
    }
}

private final class WorkerContext {
    unowned(unsafe) let pool: PaintPool
    let index: Int
    init(pool: PaintPool, index: Int) {
        self.pool = pool
        self.index = index
    }
}

private func paintWorkerMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    let context = Unmanaged<WorkerContext>.fromOpaque(raw).takeRetainedValue()
    context.pool.work(context.index)
    return nil
}
