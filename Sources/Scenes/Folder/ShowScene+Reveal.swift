import Compositor
import Input
import Show

/// The folder reveal's part of the scene (`FolderReveal` draws and moves it):
///
/// - A tap on a home tile that opens a folder of the show reveals that folder from the
///   tile; so does opening `.folder(id)` at home (`open(_:time:)`, `--scene folder:id`)
///   from the first home tile that opens it (its page shown first). Elsewhere, or with
///   no such tile, the folder opens as a plain screen with a slide.
/// - While it is open (or opening or closing), the panel is modal: only the panel takes
///   touches; a tap anywhere else (the captured screen above or below) closes it. A tap
///   during the opening or the closing reverses it from where it is (a tap on the panel
///   while it opens is the panel's: its tiles already work). Closed, the layers go and
///   the live home screen shows again.
/// - A panel tile opens its target with the scene's standard transition (0.3 s,
///   ease-in-out): the target slides in from the right while the home screen, open
///   folder and all, leaves to the left; once it is off screen the reveal is dropped, so
///   going home later shows the home screen closed. The panel's touches stop as soon
///   as the transition starts.
/// - `goHome(time:)` (the menu, the control socket, the idle reset) closes it with the
///   closing animation; `current` is `.home` from that moment.
extension ShowScene {
    /// The first home tile that opens `.folder(id)`, if the show has that folder.
    func homeTile(opening id: String) -> Int? {
        guard show.folder(id: id) != nil else { return nil }
        return show.home.tiles.firstIndex { $0.open == .folder(id) }
    }

    /// A home tile was tapped.
    func homeTileTapped(_ i: Int) {
        let target = show.home.tiles[i].open
        if case .folder(let id) = target, show.folder(id: id) != nil, reveal == nil, transition == nil {
            // Its panel's icons fetched first (`ShowScene+Fetch.swift`).
            if waitsForPictures(of: target, back: false, go: { [unowned self] in self.homeTileTapped(i) }) {
                return
            }
            pending = nil
            beginReveal(tile: i, folderID: id, start: nil)
        } else {
            navigate(to: target, start: nil)
        }
    }

    /// Reveals the folder `id` from home tile `tile`, the opening starting at `start`
    /// (nil: the next update). Home must be the screen shown, with nothing in flight.
    func beginReveal(tile: Int, folderID id: String, start: Double?) {
        home.show(page: home.home.page(of: tile))
        let layout = FolderRevealLayout(show: show, home: home.home, tile: tile, folder: show.folder(id: id))
        let r = FolderReveal(
            layout: layout, folder: show.folder(id: id), folderID: id, content: home.content, capture: takeCapture(),
            parent: home.layer, context: context(), start: start)
        r.panel.onTap = { [unowned self] k in self.panelTapped(k) }
        let accepts = context().accepts
        r.outsideTap = TapRecognizer { [unowned self] t in if accepts(t.startTime) { self.revealTappedOutside() } }
        reveal = r
        current = .folder(id)
        if let router { makeModal(r, router) }
        // Built closed; a slide begun between frames is fixed by the next update.
        if let start { r.update(time: Swift.max(start, lastTime)) }
    }

    /// The panel takes the touches from now on.
    func makeModal(_ r: FolderReveal, _ router: TouchRouter<LayerHitTester>) {
        guard !r.isModal, let outside = r.outsideTap else { return }
        r.panel.attach(to: router)
        router.beginModal(LayerTarget(r.panel.layer), outside: [outside])
        r.isModal = true
    }

    /// The panel's touches stop (the reveal is closed, or leaving with the home screen).
    func endModal(_ r: FolderReveal) {
        guard r.isModal, let router else { return }
        r.panel.detach(from: router)
        if let outside = r.outsideTap { router.detach(outside) }
        router.endModal()
        r.isModal = false
    }

    /// A tap on the captured screen: reverses the reveal (closes it, or opens it again
    /// while it closes).
    func revealTappedOutside() {
        guard let r = reveal else { return }
        r.reverse(now: lastTime, start: nil)
        current = r.isOpening ? .folder(r.folderID) : .home
    }

    /// A tap on the panel (`k`: one of its tiles, nil: elsewhere on it).
    func panelTapped(_ k: Int?) {
        guard let r = reveal else { return }
        if !r.isOpening {
            revealTappedOutside()  // closing: the tap opens it again
            return
        }
        guard let k, let folder = show.folder(id: r.folderID), k < folder.tiles.count else { return }
        navigate(to: folder.tiles[k].open, start: nil)
    }

    /// Starts closing the reveal at `start` (nil: the next update); `current` is home.
    func closeReveal(start: Double?) {
        guard let r = reveal else { return }
        r.close(now: lastTime, start: start)
        current = .home
    }

    /// Moves the reveal for `time`; once closed, it goes.
    func stepReveal(time: Double) {
        guard let r = reveal else { return }
        r.update(time: time)
        if r.isClosed(at: time) { dropReveal() }
    }

    /// Takes the reveal away at once, showing the live home screen again.
    func dropReveal() {
        guard let r = reveal else { return }
        endModal(r)
        r.remove(showing: home.content)
        reveal = nil
        retired.append(r)
        settlePending = true
        if current == .folder(r.folderID), screen == nil { current = .home }
    }
}
