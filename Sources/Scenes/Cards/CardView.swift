import Compositor
import FixedPoint
import Raster
import Show

/// One card's layers: the card (its colour, the article's contentView: what tips in)
/// holding the picture, the title, the subtitle and the text (`CardFaceLayout`). A card
/// list keeps views only for the cards near its viewport and hands a view that goes
/// away to the next card that comes near (UITableView's cell reuse), so a list of any
/// length holds about two screenfuls of them.
///
/// The card is drawn as one picture (`shouldRasterize`): its text and picture are drawn
/// into it when it is first shown and again only when it shows another card, so a card
/// tipping in is one transformed draw per frame, and a card at rest one plain draw at
/// whole points.
final class CardView {
    /// The card: the tip's transform and opacity are set on it (about its centre).
    let layer: Layer
    let picture: Layer
    let title: Layer
    let subtitle: Layer
    let text: Layer
    /// The soft shadow under the card while it tips in: a holder, a sibling drawn just
    /// below the card, turned with it, holding the shadow's ring in four strips
    /// (`CoverDressing.shadowRing`: the card hides the rest); hidden at rest.
    let shadow: Layer
    /// The card shown, nil while in the pool.
    var index: Int?

    /// - Parameter ring: the shadow's strips for a card of the face's size
    ///   (`CoverDressing.shadowRing`; empty: none).
    init(face: CardFaceLayout, shadow ring: [(rect: PixelRect, picture: Surface)]) {
        layer = Layer(
            name: "card", frame: Rect2D(origin: .zero, size: face.size), contents: .color(ScreenColors.card))
        let m = Double(ring.first.map { ($0.rect.width - Int(face.size.width.rounded())) / 2 } ?? 0)
        shadow = Layer(
            name: "card.shadow",
            frame: Rect2D(x: -m, y: -m, width: face.size.width + 2 * m, height: face.size.height + 2 * m))
        for (k, strip) in ring.enumerated() {
            let r = strip.rect
            let l = Layer(
                name: "card.shadow\(k)",
                frame: Rect2D(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)),
                contents: .image(strip.picture))
            l.allowsHitTesting = false
            shadow.addSublayer(l)
        }
        shadow.allowsHitTesting = false
        shadow.isHidden = true
        layer.shouldRasterize = true
        layer.allowsHitTesting = false
        picture = Layer(name: "card.picture", frame: face.picture)
        title = Layer(name: "card.title", frame: face.title)
        subtitle = Layer(name: "card.subtitle", frame: face.subtitle)
        text = Layer(name: "card.text", frame: face.text)
        for l in [picture, title, subtitle, text] {
            l.allowsHitTesting = false
            layer.addSublayer(l)
        }
    }

    /// Shows card `card` (index `i`): its picture fitted in the face's square (resampled
    /// once to that size; the show's placeholder for a missing or corrupt one) and its
    /// texts, ellipsized to fit.
    func show(_ card: Card, index i: Int, face: CardFaceLayout, pictures: ShowPictures) {
        index = i
        layer.name = "card \(i)"
        let fit = ScreenFit.fit(pictures.size(card.image), in: face.picture)
        picture.frame = fit
        picture.contents = .image(pictures.picture(card.image, width: fit.width.clampedInt, height: fit.height.clampedInt))
        title.contents = .text(
            card.title,
            TextAttributes(size: face.titleFont, weight: .bold, color: ScreenColors.cardTitle, maxLines: 1))
        subtitle.contents = .text(
            card.subtitle, TextAttributes(size: face.subtitleFont, color: ScreenColors.cardSubtitle, maxLines: 1))
        text.contents = .text(card.text, TextAttributes(size: face.textFont, color: ScreenColors.cardTitle))
    }

    /// Where a view waiting in the pool is put: far above the viewport, outside its
    /// clip, so nothing of it is drawn. It stays unhidden so that its picture (the
    /// compositor's group surface) is kept and drawn over for the next card instead of
    /// allocated anew (a hidden layer's group is dropped).
    static let parked = Point2D(x: 0, y: -100_000)

    /// How far the card is lifted off the cards under it (0...1): its shadow's opacity,
    /// the shadow placed and turned with the card, just below it. Call after the card's
    /// position, transform and z position are set.
    func lift(_ amount: Double) {
        guard amount > 0, !shadow.sublayers.isEmpty else {
            if !shadow.isHidden { shadow.isHidden = true }
            return
        }
        shadow.isHidden = false
        // On each strip, not on the holder: a holder with an opacity would be drawn as a
        // group, a picture made each frame.
        let a = Swift.min(1, amount)
        for strip in shadow.sublayers { strip.opacity = a }
        shadow.position = layer.position
        shadow.transform = layer.transform
        shadow.zPosition = layer.zPosition - 0.5
    }

    /// Puts the view back in the pool: parked, at rest.
    func recycle() {
        index = nil
        layer.position = Self.parked
        layer.transform = .identity
        layer.opacity = 1
        layer.zPosition = 0
        lift(0)
    }
}
