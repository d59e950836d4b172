internal import Glibc

/// The event loop's poll() set with a name for every entry, so that the loop asks "did
/// the touch timer wake us?" rather than "is entry 4 ready?", and adding a source makes
/// the loop clearer, not longer.
///
/// Refilled at every wake-up in place (the storage is kept): a wake-up allocates nothing.
struct PollSet {
    /// What an entry is.
    enum Source: Equatable {
        case signals
        case frameTimer
        case watchdogTimer
        case idleTimer
        /// The touch script's next event is due.
        case touchTimer
        /// The accelerometer's next sample, or the end of the launch's orientation wait.
        case orientationTimer
        /// The screen power policy's next change (dim, off, the hours) is due.
        case powerTimer
        /// The show folder's inotify descriptor (`--watch`).
        case showWatch
        /// The show watch's debounce (or retry) timer.
        case showWatchTimer
        /// One of the display's descriptors (DRM events, hotplug uevents, a pacing timer).
        case display(Int32)
        /// The input devices (libinput's epoll set).
        case input
        /// The control socket's listening descriptor.
        case controlListener
        /// A control client still sending its command.
        case controlClient(Int32)
    }

    private(set) var entries: [pollfd] = []
    private(set) var sources: [Source] = []

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
    }

    mutating func add(_ fd: Int32, _ source: Source) {
        entries.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        sources.append(source)
    }

    /// poll() over the set: the number of ready entries, or -1 with errno set.
    mutating func poll(timeout milliseconds: Int32) -> Int32 {
        entries.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), milliseconds) }
    }

    /// Whether `source` woke the loop (readable, hung up or in error).
    func isReady(_ source: Source) -> Bool {
        for i in sources.indices where sources[i] == source { return entries[i].revents != 0 }
        return false
    }

    /// Whether any control descriptor (listener or client) is in the set.
    var hasControl: Bool {
        sources.contains { if case .controlListener = $0 { true } else if case .controlClient = $0 { true } else { false } }
    }
}
