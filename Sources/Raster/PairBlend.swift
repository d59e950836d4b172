/// How the pair sampler composites, as a type, so that a loop generic over it is
/// specialized with both flags constant (passed as arguments, the compiler kept one copy
/// testing them on every pixel pair).
protocol PairBlend {
    /// The source has no alpha (xrgb8888): every pixel read is opaque.
    static var opaqueSource: Bool { get }
    /// The draw's opacity is below 255.
    static var fade: Bool { get }
}

/// The four `PairBlend`s.
enum PairBlends {
    /// A source with alpha, at full opacity.
    enum Over: PairBlend { static let opaqueSource = false, fade = false }
    /// An opaque source at full opacity: the samples overwrite.
    enum Opaque: PairBlend { static let opaqueSource = true, fade = false }
    /// A source with alpha, faded.
    enum FadedOver: PairBlend { static let opaqueSource = false, fade = true }
    /// An opaque source, faded.
    enum FadedOpaque: PairBlend { static let opaqueSource = true, fade = true }
}
