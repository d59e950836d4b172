import LinuxSystem
import Show

/// `vitrine run --watch`: the show folder watched for an author's edits, so that the
/// kiosk reloads the show by itself (`Kiosk+Watch`). Runs on the loop's thread: its
/// inotify descriptor and its timer are in the loop's poll set; nothing here blocks.
///
/// What is watched (`arm`): the show folder (its `show.toml` and the first folder of
/// each picture's path), every folder on the way to a picture the show names (the names
/// on that way), and the show folder's own folder (the show folder's name: deleted, made
/// again, renamed or replaced by a link). Other names are let be: an editor's swap file,
/// a screenshot written beside the show reload nothing.
///
/// Debounce: an event starts a burst, and the reload comes once the watched files have
/// been quiet for `quiet` seconds, and at the latest `longest` seconds after the burst's
/// first event: an editor's save (a temporary file, renames, attributes) is one reload,
/// and saves without end (1,000 in 10 s) are at most one reload a `longest`.
///
/// A show folder that cannot be watched (gone, a symbolic link loop, not a folder) is
/// looked at again every `retryInterval` seconds besides its folder's watch, and
/// reloaded once it is back.
final class ShowWatch {
    /// The show folder, as given (trailing slashes dropped).
    let folder: String
    let inotify: Inotify
    /// The debounce's deadline, or the next look at a show folder that is gone.
    let timer: TimerFD

    /// Seconds of quiet after the last event before the reload.
    static let quiet = 0.2
    /// The most seconds a burst holds its reload back, from its first event.
    static let longest = 1.0
    /// Seconds between looks at a show folder that cannot be watched.
    static let retryInterval = 1.0

    /// Each watch: the names in its folder that matter (any event on the folder itself
    /// matters).
    private var watches: [Int32: Set<String>] = [:]
    /// Why the show folder itself is not watched (nil: it is).
    private(set) var folderProblem: SystemCallError?
    /// The first and the last event of the burst waiting for its reload (monotonic
    /// seconds); nil: none waits.
    private var burst: (first: Double, last: Double)?
    /// Queue overflows seen (each reloads as any burst does).
    private(set) var overflows = 0
    /// Events that mattered (for tests and the debug log).
    private(set) var eventsSeen = 0

    /// Makes the inotify instance and the timer; `arm` starts the watches.
    init(folder: String) throws(SystemCallError) {
        var f = folder
        while f.count > 1 && f.hasSuffix("/") { f.removeLast() }
        self.folder = f
        inotify = try Inotify()
        timer = try TimerFD()
    }

    /// The folder holding the show folder ("." for a bare name); nil for "/".
    var parentFolder: String? {
        guard folder != "/" else { return nil }
        guard let slash = folder.lastIndex(of: "/") else { return "." }
        return slash == folder.startIndex ? "/" : String(folder[..<slash])
    }

    /// The show folder's own name in its folder.
    var folderName: String {
        guard let slash = folder.lastIndex(of: "/") else { return folder }
        return String(folder[folder.index(after: slash)...])
    }

    /// What a watched folder reports: its names made, removed, renamed, written and
    /// touched, and the folder itself deleted or moved.
    static let folderMask: Inotify.Mask = [
        .closeWrite, .attributes, .movedFrom, .movedTo, .create, .delete, .deleteSelf, .moveSelf, .onlyDirectory,
    ]
    /// What the show folder's own folder reports: names made, removed and renamed.
    static let parentMask: Inotify.Mask = [.movedFrom, .movedTo, .create, .delete, .deleteSelf, .moveSelf, .onlyDirectory]

    /// The folders to watch for `pictures` (paths relative to the show folder), each
    /// with the names in it that matter, the show folder's own folder first.
    func plan(pictures: [String]) -> [(path: String, mask: Inotify.Mask, names: Set<String>)] {
        var names: [String: Set<String>] = [folder: [Show.manifestName]]
        var order = [folder]
        for picture in pictures {
            let parts = picture.split(separator: "/").filter { $0 != "." }.map(String.init)
            var path = folder
            for part in parts {
                if names[path] == nil {
                    names[path] = []
                    order.append(path)
                }
                names[path]!.insert(part)
                path = path == "/" ? "/" + part : path + "/" + part
            }
        }
        var out: [(String, Inotify.Mask, Set<String>)] = []
        if let parent = parentFolder { out.append((parent, Self.parentMask, [folderName])) }
        for path in order { out.append((path, Self.folderMask, names[path] ?? [])) }
        return out
    }

    /// Watches afresh (every old watch ended): the show folder's folder, the show folder
    /// and the folders to `pictures` (the show's, relative to its folder). A folder on
    /// a picture's way that is missing is not watched (its making is seen in the folder
    /// above); a show folder that cannot be watched is `folderProblem` and looked at
    /// again every `retryInterval`.
    func arm(pictures: [String]) {
        for watch in watches.keys { inotify.removeWatch(watch) }
        watches.removeAll()
        folderProblem = nil
        for (path, mask, names) in plan(pictures: pictures) {
            do {
                let watch = try inotify.addWatch(path, mask)
                watches[watch, default: []].formUnion(names)
            } catch {
                if path == folder {
                    folderProblem = error
                    break  // nothing inside it can be watched either
                }
            }
        }
        if folderProblem != nil && burst == nil { timer.arm(after: Self.retryInterval) }
    }

    /// Reads what the kernel queued and starts (or extends) a burst for every event that
    /// matters; a queue overflow always does (what was lost is unknown).
    func readEvents(now: Double) throws(SystemCallError) {
        var matters = false
        try inotify.drain { event in
            if event.mask.contains(.queueOverflow) {
                overflows += 1
                matters = true
                return
            }
            guard let names = watches[event.watch] else { return }  // a watch ended by `arm`
            if event.mask.contains(.ignored) { watches[event.watch] = nil }
            if event.name.isEmpty || names.contains(event.name) {
                eventsSeen += 1
                matters = true
            }
        }
        guard matters else { return }
        let first = burst?.first ?? now
        burst = (first, now)
        timer.arm(at: deadline(first: first, last: now))
    }

    /// When a burst of events from `first` to `last` (monotonic seconds) reloads.
    func deadline(first: Double, last: Double) -> Double {
        Swift.min(last + Self.quiet, first + Self.longest)
    }

    /// The timer fired: whether the show is to be reloaded now (a burst is over, or the
    /// show folder that could not be watched is back). Otherwise the timer is armed
    /// again for what is still to come.
    func timerFired(now: Double) -> Bool {
        timer.acknowledge()
        if let b = burst {
            let due = deadline(first: b.first, last: b.last)
            if now + 0.001 < due {
                timer.arm(at: due)
                return false
            }
            burst = nil
            return true
        }
        guard folderProblem != nil else { return false }
        // Back when it can be watched again (a folder that is there and still cannot be
        // watched would otherwise reload every look).
        if let watch = try? inotify.addWatch(folder, Self.folderMask) {
            watches[watch, default: []].insert(Show.manifestName)
            return true
        }
        timer.arm(after: Self.retryInterval)
        return false
    }
}
