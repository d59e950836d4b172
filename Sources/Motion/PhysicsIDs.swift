// Handles to the things a PhysicsWorld holds.

/// A body in a `PhysicsWorld`: an index into its bodies.
public struct BodyID: Hashable, Sendable {
    public let index: Int
    /// The handle of the `index`th one added (worlds built the same way share them).
    public init(index: Int) { self.index = index }
}

/// A hinge in a `PhysicsWorld`.
public struct HingeID: Hashable, Sendable {
    public let index: Int
    /// The handle of the `index`th one added (worlds built the same way share them).
    public init(index: Int) { self.index = index }
}

/// A push in a `PhysicsWorld`.
public struct PushID: Hashable, Sendable {
    public let index: Int
    /// The handle of the `index`th one added (worlds built the same way share them).
    public init(index: Int) { self.index = index }
}

/// A boundary in a `PhysicsWorld`.
public struct BoundaryID: Hashable, Sendable {
    public let index: Int
    /// The handle of the `index`th one added (worlds built the same way share them).
    public init(index: Int) { self.index = index }
}
