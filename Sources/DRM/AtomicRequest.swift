/// How an atomic commit is made (DRM_MODE_ATOMIC_*, DRM_MODE_PAGE_FLIP_EVENT).
public struct AtomicCommitFlags: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// DRM_MODE_PAGE_FLIP_EVENT: report completion as a page-flip event on the card's fd.
    public static let pageFlipEvent = AtomicCommitFlags(rawValue: 0x01)
    /// DRM_MODE_ATOMIC_TEST_ONLY: check the state, change nothing.
    public static let testOnly = AtomicCommitFlags(rawValue: 0x0100)
    /// DRM_MODE_ATOMIC_NONBLOCK: queue the commit and return at once.
    public static let nonblock = AtomicCommitFlags(rawValue: 0x0200)
    /// DRM_MODE_ATOMIC_ALLOW_MODESET: the commit may change modes (and blank meanwhile).
    public static let allowModeset = AtomicCommitFlags(rawValue: 0x0400)
}

/// An atomic commit being built: property values for objects, applied all together or
/// not at all (after wlroots' backend/drm/atomic.c). Properties are named; a property
/// the object doesn't have is remembered as missing, so one commit reports every gap.
public struct AtomicRequest: Hashable, Sendable {
    /// One value to set.
    public struct Setting: Hashable, Sendable {
        public var object: UInt32
        public var property: UInt32
        /// The property's name, for logs and tests.
        public var name: String
        public var value: UInt64
    }

    public private(set) var settings: [Setting] = []
    /// "plane 31 rotation": what was asked for but the object lacks.
    public private(set) var missing: [String] = []

    public init() {}

    /// Sets `name` of the object with id `object` (whose properties are `properties`).
    public mutating func set(_ name: String, of object: UInt32, in properties: PropertySet, to value: UInt64) {
        guard let id = properties.id(name) else {
            missing.append("\(object) \(name)")
            return
        }
        settings.append(Setting(object: object, property: id, name: name, value: value))
    }

    /// The settings grouped by object, in first-use order: what drmModeAtomicAddProperty
    /// is called with (the kernel sorts them itself; order only matters for logs).
    public var objects: [UInt32] {
        var seen: [UInt32] = []
        for s in settings where !seen.contains(s.object) { seen.append(s.object) }
        return seen
    }
}
