/// One KMS property of a kernel object (a connector's "CRTC_ID", a plane's "rotation"):
/// its id (what an atomic commit names), its value now, and what values it takes.
public struct Property: Hashable, Sendable {
    /// What values the property takes.
    public enum Kind: Hashable, Sendable {
        /// An unsigned number in `min...max`.
        case range(min: UInt64, max: UInt64)
        /// A signed number in `min...max`.
        case signedRange(min: Int64, max: Int64)
        /// One of the named values.
        case enumeration([Entry])
        /// A set of the named bits; `Entry.value` is a bit number (rotate-90 is bit 1).
        case bitmask([Entry])
        /// A blob id (0: none), e.g. a mode.
        case blob
        /// A kernel object's id (0: none), e.g. a CRTC.
        case object
    }

    /// A named value of an enum or bitmask property.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var value: UInt64

        public init(name: String, value: UInt64) {
            self.name = name
            self.value = value
        }
    }

    public var id: UInt32
    public var name: String
    public var kind: Kind
    /// The object's value now (for a bitmask, the bits; for an enum, the entry's value).
    public var value: UInt64
    /// Read-only for user space (DRM_MODE_PROP_IMMUTABLE): "type", "panel orientation".
    public var isImmutable: Bool

    public init(id: UInt32, name: String, kind: Kind, value: UInt64, isImmutable: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.value = value
        self.isImmutable = isImmutable
    }

    /// The entries of an enum or bitmask property; empty for others.
    public var entries: [Entry] {
        switch kind {
        case .enumeration(let e), .bitmask(let e): e
        default: []
        }
    }

    /// The name of the current value of an enum property ("Primary", "Normal").
    public var valueName: String? {
        guard case .enumeration(let e) = kind else { return nil }
        return e.first { $0.value == value }?.name
    }
}

/// The properties of one kernel object, looked up by name.
public struct PropertySet: Hashable, Sendable {
    public var all: [Property]

    public init(_ all: [Property] = []) {
        self.all = all
    }

    public subscript(name: String) -> Property? { all.first { $0.name == name } }

    /// The id of property `name`, what an atomic commit sets it by.
    public func id(_ name: String) -> UInt32? { self[name]?.id }
}
