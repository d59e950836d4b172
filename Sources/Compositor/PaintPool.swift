import LinuxSystem
internal import Glibc
import FixedPoint
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
    /// What the threads share with the caller. The threads hold it, never the pool: a
    /// worker waiting for its next band must not keep the pool alive, or a pool dropped
    /// with its compositor (every reload and every turn of the kiosk makes a new one)
    /// would never stop its threads (a thread and its stack leaked each time, once).
    private let crew: PaintCrew

    /// `workers` threads (0: the caller paints alone). A thread that can't be started
    /// leaves the pool with those started before it.
    init(workers: Int) {
        let wanted = Swift.max(0, workers)
        let crew = PaintCrew(slots: wanted)
        for i in 0..<wanted {
            let context = Unmanaged.passRetained(WorkerContext(crew: crew, index: i)).toOpaque()
            var thread = pthread_t()
            guard pthread_create(&thread, nil, paintWorkerMain, context) == 0 else {
                Unmanaged<WorkerContext>.fromOpaque(context).release()
                break
            }
            threads.append(thread)
        }
        crew.threadCount = threads.count
        workerCount = threads.count
        self.crew = crew
        // Each thread reports its kernel id once it runs (for tests: /proc/self/task/TID).
        for _ in threads { crew.waitStarted() }
        threadIDs = crew.startedThreadIDs
    }

    /// The kernel thread ids of the workers (`/proc/self/task/<id>` while they run).
    let threadIDs: [pid_t]

    /// Stops the threads and waits for them to end; the crew (semaphores, job storage)
    /// goes when the last thread lets go of it.
    deinit {
        crew.stop()
        for t in threads { pthread_join(t, nil) }
    }

    /// The number of CPUs online, at most `cap`, minus the caller: the default pool size.
    static func defaultWorkers(cap: Int = 4) -> Int {
        let n = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return Swift.max(0, Swift.min(cap, n > 0 ? n : 1) - 1)
    }

    /// The caller's occlusion planner (also its band's): for painting on the caller's
    /// thread outside `paint` (a group's picture).
    var callerPlanner: OcclusionPlanner { crew.planners[crew.threadCount] }

    /// Paints `region` of `target` from `list` (see `Compositor.paint`), in bands across
    /// the threads when it is large enough, each band with its own occlusion planner.
    /// Returns the pixels occlusion left out.
    @discardableResult
    func paint(
        _ list: [DrawItem], into target: Surface, region: PixelRect, background: UInt32?,
        occlusion: Occlusion = .worthwhile
    ) throws(RasterError) -> Int {
        guard shouldSplit(region) else {
            return try Compositor.paint(
                list, into: target, region: region, background: background, planner: callerPlanner,
                occlusion: occlusion)
        }
        crew.list = list
        crew.target = target
        crew.background = background
        crew.occlusion = occlusion
        defer {
            // Let go of the caller's list (`removeAll(keepingCapacity:)` would copy its
            // storage, shared with the caller's: one allocation a frame).
            crew.list = []
            crew.target = nil
        }
        try crew.runBands(region)
        guard occlusion != .rectangles else { return 0 }
        var occluded = 0
        for p in crew.planners { occluded += p.occludedPixels }
        return occluded
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
        crew.transferSource = source
        crew.transferTurn = turn
        crew.transferStaging = staging
        crew.target = target
        defer {
            crew.transferSource = nil
            crew.transferStaging = nil
            crew.target = nil
        }
        try crew.runBands(region)
    }

    private func shouldSplit(_ region: PixelRect) -> Bool {
        threads.count > 0 && region.area >= Self.minimumPixels && region.height >= threads.count + 1
    }
}

/// The state a pool's threads share with its caller: the semaphores and the job of the
/// moment. Held by each thread (and the pool); it references neither.
private final class PaintCrew: @unchecked Sendable {
    /// Threads running (set once, after they are started).
    var threadCount = 0
    private let slots: Int
    private let start: UnsafeMutablePointer<sem_t>
    private let done: UnsafeMutablePointer<sem_t>
    /// Posted by each thread once it runs, after writing its id to `startedIDs`.
    private let started: UnsafeMutablePointer<sem_t>
    private let startedIDs: UnsafeMutablePointer<pid_t>
    private var stopping = false

    // The job of the moment, written by the caller before it posts `start`.
    var list: [DrawItem] = []
    var target: Surface?
    var background: UInt32?
    /// Set for a transfer job (else the job paints `list`).
    var transferSource: Surface?
    var transferTurn: QuarterTurn?
    var transferStaging: Surface?
    /// How a paint job works out what is hidden.
    var occlusion = Occlusion.worthwhile
    /// One occlusion planner per band (the caller's last).
    let planners: [OcclusionPlanner]
    private var bands: [PixelRect]
    private var failures: [RasterError?]

    /// Room for `slots` threads.
    init(slots: Int) {
        self.slots = slots
        start = .allocate(capacity: Swift.max(1, slots))
        done = .allocate(capacity: 1)
        sem_init(done, 0, 0)
        started = .allocate(capacity: 1)
        sem_init(started, 0, 0)
        startedIDs = .allocate(capacity: Swift.max(1, slots))
        startedIDs.initialize(repeating: 0, count: Swift.max(1, slots))
        for i in 0..<slots { sem_init(start + i, 0, 0) }
        bands = Array(repeating: .empty, count: slots + 1)
        failures = Array(repeating: nil, count: slots + 1)
        planners = (0...slots).map { _ in OcclusionPlanner() }
    }

    deinit {
        for i in 0..<slots { sem_destroy(start + i) }
        sem_destroy(done)
        sem_destroy(started)
        start.deallocate()
        done.deallocate()
        started.deallocate()
        startedIDs.deallocate()
    }

    /// Waits for one more thread to report that it runs.
    func waitStarted() { Self.wait(started) }

    /// The threads' kernel ids, by slot (once every thread has reported).
    var startedThreadIDs: [pid_t] { (0..<threadCount).map { startedIDs[$0] } }

    /// Tells every thread to end (each returns from `work` once woken).
    func stop() {
        stopping = true
        for i in 0..<threadCount { sem_post(start + i) }
    }

    /// Cuts `region` into one horizontal band per thread (the caller's last), runs the
    /// job on each, waits for all, and throws the first failure.
    func runBands(_ region: PixelRect) throws(RasterError) {
        let parts = threadCount + 1
        var y = region.y
        for i in 0..<parts {
            let h = (region.maxY - y) / (parts - i)
            bands[i] = PixelRect(x: region.x, y: y, width: region.width, height: h)
            failures[i] = nil
            y += h
        }
        for i in 0..<threadCount { sem_post(start + i) }
        runJob(threadCount)
        for _ in 0..<threadCount { Self.wait(done) }
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
                try Compositor.paint(
                    list, into: target, region: bands[index], background: background,
                    planner: planners[index], occlusion: occlusion)
            }
        } catch {
            failures[index] = error
        }
    }

    /// The calling thread's kernel id, from /proc/thread-self ("PID/task/TID"); 0 when
    /// /proc is not mounted. (Glibc's module has neither gettid nor SYS_gettid.)
    private static func currentThreadID() -> pid_t {
        var link = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &link, link.count - 1)
        guard n > 0 else { return 0 }
        let text = String(decoding: link[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { pid_t($0) } ?? 0
    }

    /// sem_wait, again when a signal interrupted it (a wake-up must be a real post).
    private static func wait(_ semaphore: UnsafeMutablePointer<sem_t>) {
        _ = retryingEINTR { sem_wait(semaphore) }
    }

    /// A worker's loop: wait for a band, paint it, report; return once stopped.
    func work(_ index: Int) {
        startedIDs[index] = Self.currentThreadID()
        sem_post(started)
        while true {
            Self.wait(start + index)
            if stopping { return }
            runJob(index)
            sem_post(done)
        }
    }
}

/// What a worker thread is started with: the crew, held strongly (released when the
/// thread ends), and its slot.
private final class WorkerContext {
    let crew: PaintCrew
    let index: Int
    init(crew: PaintCrew, index: Int) {
        self.crew = crew
        self.index = index
    }
}

private func paintWorkerMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    let context = Unmanaged<WorkerContext>.fromOpaque(raw).takeRetainedValue()
    context.crew.work(context.index)
    return nil
}
