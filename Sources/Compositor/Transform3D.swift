internal import Glibc

/// A 4x4 transform with Core Animation's layout and meaning (CATransform3D): points are
/// row vectors, p' = p M, so `m41`, `m42`, `m43` are the translation and `m34` the
/// perspective term (w' = x m14 + y m24 + z m34 + m44; m34 = -1/2000 puts the eye 2000
/// points in front of the layer). Applied about the layer's anchor point.
///
/// Angles are radians. In y-down screen space a positive angle about z turns content
/// clockwise on screen; about y with m34 < 0, a positive angle makes a point at distance
/// u right of the axis recede (w = 1 + u sin(angle) / 2000), as the Architecture article states.
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// CATransform3DMakeTranslation.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        (t.m41, t.m42, t.m43) = (x, y, z)
        return t
    }

    /// CATransform3DMakeScale.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        (t.m11, t.m22, t.m33) = (x, y, z)
        return t
    }

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z) (normalized
    /// here; a zero axis gives the identity).
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), t = 1 - c
        // Rodrigues' rotation matrix R (column vectors), stored transposed (row vectors).
        return Transform3D(
            m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The identity with perspective: m34 = -1 / `eyeDistance` (points).
    public static func perspective(eyeDistance: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / eyeDistance
        return t
    }

    /// `self` then `other` (CATransform3DConcat(self, other)): the product self x other.
    public func concatenating(_ o: Transform3D) -> Transform3D {
        Transform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    /// CATransform3DTranslate: a translation applied before `self`.
    public func translated(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D.translation(x: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DScale: a scale applied before `self`.
    public func scaled(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D.scale(x: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DRotate: a rotation applied before `self` (so a perspective in `self`
    /// is applied after the rotation, as `perspective(...).rotated(...)` intends).
    public func rotated(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D.rotation(angle: angle, x: x, y: y, z: z).concatenating(self)
    }

    public var isIdentity: Bool { self == .identity }

    /// The 3x3 homography this transform gives the layer's plane (z = 0), with the
    /// output's z dropped (Core Animation flattens each layer into its superlayer's
    /// plane): columns (m11, m12, m14), (m21, m22, m24), (m41, m42, m44), as a
    /// column-vector matrix.
    public var flattened: Homography {
        Homography(a: m11, b: m21, c: m41, d: m12, e: m22, f: m42, g: m14, h: m24, i: m44)
    }
}
