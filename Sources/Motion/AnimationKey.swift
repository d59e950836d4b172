// What an animation animates: one property of one object.

/// Names the property an animation drives: an object's identity plus a property name, such
/// as (a layer, "opacity"). Starting an animation on a key that already runs one interrupts
/// it (see `Animator`).
///
/// The key holds the object's `ObjectIdentifier`, not the object: it never keeps it alive.
/// Keep the object alive while its animations run (the `apply` closure usually does).
public struct AnimationKey: Hashable, Sendable, CustomStringConvertible {
    public let owner: ObjectIdentifier
    public let property: String

    /// The key for `property` of `object`.
    public init(_ object: AnyObject, _ property: String) {
        owner = ObjectIdentifier(object)
        self.property = property
    }

    public init(owner: ObjectIdentifier, property: String) {
        self.owner = owner
        self.property = property
    }

    public var description: String { "\(owner).\(property)" }
}
