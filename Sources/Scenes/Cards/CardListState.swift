/// What a card list remembers while it stays open, kept apart from its layers so that
/// a list laid out anew (a turn of the panel: `ShowScene.resize`, or the scene built
/// again with the same `ShowPictures`) goes on where it was: the article's set of shown
/// rows, the tips and fades under way, the first card displayed, and the card whose
/// detail is open. Opening the list anew (from home, a folder, the menu) starts a new
/// state: every card but those it opens on tips in again.
final class CardListState {
    /// The list's id.
    let id: String
    /// The cards that have been displayed since the list was opened (the article's
    /// `preventAnimation` set), by index.
    private(set) var seen: [Bool]
    /// The cards displayed at the last update (a card entering this set is the
    /// article's willDisplayCell), by index.
    var displayed: Set<Int> = []
    /// The entrances under way, by card: what and since when (seconds; nil: from the
    /// next update).
    var entrances: [Int: (kind: CardEntrance, start: Double?)] = [:]
    /// The first card displayed at the last update.
    var firstVisible = 0
    /// The card whose detail is open (or opening), nil for none.
    var detail: Int?
    /// The time of the last update, seconds: a list's own clock never runs back (a
    /// scene built again starts its updates at 0).
    var lastTime = -Double.infinity
    /// Whether the list has had its first update since it was opened: the cards
    /// displayed then arrive with the list, at rest.
    var hasArrived = false

    init(id: String, count: Int) {
        self.id = id
        seen = Array(repeating: false, count: Swift.max(0, count))
    }

    /// Whether card `i` has been displayed before.
    func hasSeen(_ i: Int) -> Bool { i >= 0 && i < seen.count && seen[i] }

    /// Marks card `i` displayed.
    func markSeen(_ i: Int) {
        if i >= 0 && i < seen.count { seen[i] = true }
    }
}
