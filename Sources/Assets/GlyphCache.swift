/// Rasterized glyphs kept for reuse, bounded by a memory budget, least recently used
/// evicted first.
///
/// Entries live in one array of slots linked into a recency list by index (no object
/// per entry, no allocation on a hit); a dictionary maps keys to slots. Owned by a
/// `TextEngine`; single-threaded like it. The counters are there for tests and for a
/// debug overlay.
public final class GlyphCache {
    /// The most bytes the cached glyphs may cost (`GlyphMask.cost`: coverage plus 64
    /// bytes per entry). A glyph costing more than the whole budget is rasterized and
    /// used but not kept.
    public let budget: Int
    /// Lookups served from the cache.
    public private(set) var hits = 0
    /// Lookups that had to rasterize.
    public private(set) var misses = 0
    /// Entries dropped to stay within the budget.
    public private(set) var evictions = 0
    /// What the cached entries cost now; at most `budget`.
    public private(set) var bytes = 0
    /// Glyphs cached now.
    public var count: Int { index.count }

    private struct Slot {
        var key: GlyphKey
        var mask: GlyphMask
        var newer: Int  // towards the most recently used; -1 at the head
        var older: Int  // towards the least recently used; -1 at the tail
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var index: [GlyphKey: Int] = [:]
    private var newest = -1
    private var oldest = -1

    public init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// The mask for `key`, from the cache or made by `rasterize` (then cached).
    func mask(for key: GlyphKey, rasterize: () -> GlyphMask) -> GlyphMask {
        if let i = index[key] {
            hits += 1
            touch(i)
            return slots[i].mask
        }
        misses += 1
        let mask = rasterize()
        insert(key, mask)
        return mask
    }

    /// Drops every entry; the counters stay.
    public func removeAll() {
        slots.removeAll()
        freeSlots.removeAll()
        index.removeAll()
        newest = -1
        oldest = -1
        bytes = 0
    }

    private func insert(_ key: GlyphKey, _ mask: GlyphMask) {
        let cost = mask.cost
        guard cost <= budget else { return }
        while bytes + cost > budget, oldest >= 0 { evictOldest() }
        let slot = Slot(key: key, mask: mask, newer: -1, older: newest)
        let i: Int
        if let free = freeSlots.popLast() {
            i = free
            slots[i] = slot
        } else {
            i = slots.count
            slots.append(slot)
        }
        if newest >= 0 { slots[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
        index[key] = i
        bytes += cost
    }

    private func evictOldest() {
        let i = oldest
        unlink(i)
        index[slots[i].key] = nil
        bytes -= slots[i].mask.cost
        slots[i].mask = .empty  // release the pixels now
        freeSlots.append(i)
        evictions += 1
    }

    /// Moves slot `i` to the most recently used end.
    private func touch(_ i: Int) {
        guard i != newest else { return }
        unlink(i)
        slots[i].older = newest
        slots[i].newer = -1
        if newest >= 0 { slots[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }

    private func unlink(_ i: Int) {
        let (newer, older) = (slots[i].newer, slots[i].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[i].newer = -1
        slots[i].older = -1
    }
}
