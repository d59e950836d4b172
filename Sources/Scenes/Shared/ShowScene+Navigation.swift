import Compositor
import FixedPoint
import Motion
import Show

extension ShowScene {
    /// The curve of a screen transition (slides inside a screen use ease-out).
    static let transitionCurve = TimingCurve.easeInOut

    /// Opens `target` with a transition starting at `time` (seconds); `.home` is
    /// `goHome(time:)`. Opening the screen already shown does nothing. During the launch
    /// doors, the doors are cut short (they are gone at once).
    public func open(_ target: ShowTarget, time: Double) {
        navigate(to: target, start: time)
    }

    /// Back to the home screen without replaying the launch doors (the control socket's
    /// `home`, the idle reset): the screen shown slides out to the right, home slides in
    /// from the left, starting at `time`. At home already: nothing; during the launch the
    /// doors go at once (home is the screen under them: `ctl home` means home now, not
    /// after the doors' hold).
    public func goHome(time: Double) {
        cutLaunch()
        navigate(to: .home, start: time)
    }

    /// Changes the logical screen size (the rotation changed at run time): every screen
    /// is laid out again for `width` x `height`, keeping the screen shown (and a book's
    /// page, a card list's scroll, an open folder, opened over a new capture); a
    /// transition in flight ends at once, the launch doors keep their timing with the new
    /// orientation's pictures.
    public func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        homeFetch = nil  // pictures for the old size
        finishTransition()
        let reopenMenu = takeMenuDown()
        self.width = width
        self.height = height
        metrics = ScreenMetrics(width: width, height: height)
        let wasHidden = homeScreen?.layer.isHidden
        // An open folder opens again, already open, over the new home screen; a closing
        // one just goes.
        var reopen: (tile: Int, id: String)? = nil
        if let r = reveal {
            if r.isOpening { reopen = (r.layout.tile, r.folderID) }
            endModal(r)
            reveal = nil
            if !r.isOpening { current = .home }
        }
        // Home not built yet (under the launch doors): built when first needed, as before.
        if let old = homeScreen, let wasHidden {
            if let router { old.detach(from: router) }
            old.remove()
            buildHome().layer.isHidden = wasHidden
        }
        if let (tile, id) = reopen { beginReveal(tile: tile, folderID: id, start: -Double.infinity) }
        if let old = screen {
            dismiss(old)
            // A book opening from the shelf is laid out again open (where it was going).
            let target = (old as? ShelfScreen)?.openingBook.map { ShowTarget.book($0) } ?? old.target
            let s = makeScreen(target, keeping: old)
            present(s)
            screen = s
            current = target
        }
        if let doors = launch {
            doors.layer.removeFromSuperlayer()
            let new = LaunchDoors(
                launch: show.launch, metrics: metrics, pictures: pictures, orientationTime: doors.orientationTime)
            root.addSublayer(new.layer)
            launch = new
        }
        if reopenMenu { openMenu(start: nil, open: true) }
        refetchPending()
        update(time: lastTime)
    }

    /// Starts the move to `target`; `start` nil: at the next update (a gesture);
    /// `duration` 0: a cut, no slide. `back`: a back control returns to `target`: the
    /// slide goes the other way (the target comes in from the left), and the target comes
    /// back as it was left: a folder that was revealed over home comes back revealed,
    /// already open (also when that is not known, after a rebuild, if a home tile opens
    /// it), one shown as a plain screen as that; the shelf comes back on the book it
    /// opened (`makeScreen(returning:)`).
    /// `.menu` drops the menu; with the menu there, the target is put under it and the
    /// menu closes (`MenuNavigation.swift`).
    func navigate(
        to target: ShowTarget, start: Double?, duration: Double = ShowSlide.standardDuration, back: Bool = false
    ) {
        // A navigation waiting for its pictures is replaced by this one.
        pending = nil
        if target == .menu {
            if start == nil, menuWaitsForAGap() { return }
            openMenu(start: start)
            return
        }
        if menu != nil {
            // The target comes under the menu as a screen of its own, its pictures
            // fetched first (`ShowScene+Fetch.swift`).
            if start == nil,
                waitsForPictures(
                    of: target, back: back, underMenu: true,
                    go: { [unowned self] in self.navigate(to: target, start: nil, duration: duration, back: back) })
            {
                return
            }
            navigateFromMenu(to: target)
            return
        }
        if target == current { return }
        if reveal != nil && target == .home && screen == nil {
            closeReveal(start: start)
            return
        }
        // A gesture's: the new screen's pictures fetched first (`ShowScene+Fetch.swift`).
        if start == nil,
            waitsForPictures(
                of: target, back: back,
                go: { [unowned self] in self.navigate(to: target, start: nil, duration: duration, back: back) })
        {
            return
        }
        finishTransition()
        cutLaunch()
        let before = left
        left = (current, reveal != nil && screen == nil)
        if let r = reveal { endModal(r) }  // leaving with the home screen: the panel's touches stop
        if screen == nil, reveal == nil, case .folder(let id) = target, let tile = homeTile(opening: id) {
            beginReveal(tile: tile, folderID: id, start: start)
            return
        }
        let from = screenShown
        let to: ShowScreen
        if target == .home {
            home.layer.isHidden = false
            to = home
            screen = nil
        } else if back, screen != nil, case .folder(let id) = target, let tile = homeTile(opening: id),
            before.map({ $0.target != target || $0.revealed }) ?? true
        {
            home.layer.isHidden = false
            beginReveal(tile: tile, folderID: id, start: -Double.infinity)
            to = home
            screen = nil
        } else {
            let s = makeScreen(target, returning: back)
            present(s)
            screen = s
            to = s
        }
        current = target
        let forward = !back && target != .home
        transition = Transition(
            slide: ShowSlide(from: 0, to: 1, start: start, duration: duration, curve: Self.transitionCurve), from: from,
            to: to,
            forward: forward)
        place(from, offset: 0)
        place(to, offset: forward ? Double(width) : -Double(width))
    }

    /// Shows `s` at once in place of the screen shown, which built it and brought it in
    /// over itself (`ShowScreenContext.adopt`: the shelf's opening hands over the book
    /// screen it drew): no slide, and the old screen goes now, so the frame drawn next
    /// is the one the old screen's last update set.
    func adopt(_ s: ShowScreen) {
        guard s.target != current, screen !== s else { return }
        finishTransition()
        cutLaunch()
        left = (current, reveal != nil && screen == nil)
        if let r = reveal { endModal(r) }
        let from = screenShown
        present(s)
        place(s, offset: 0)
        screen = s
        current = s.target
        dismiss(from)
        place(from, offset: 0)
    }

    /// Where the back control of a book opened now goes: the screen it is opened from
    /// (the shelf, a folder, a card list, home), or home when that is the menu (a list
    /// passed through, not a place) or another book.
    var bookBack: ShowTarget {
        // An item of the menu: the menu is a list passed through, not a place.
        if menu != nil { return .home }
        switch current {
        case .menu, .book: return .home
        default: return current
        }
    }

    /// Moves the transition in flight for `time`; at its end, the old screen goes.
    func stepTransition(time: Double) {
        guard var t = transition else { return }
        let p = t.slide.progress(at: time)
        transition = t
        let w = Double(width)
        let shift = (w * p).rounded()
        if t.forward {
            place(t.to, offset: w - shift)
            place(t.from, offset: -shift)
        } else {
            place(t.to, offset: shift - w)
            place(t.from, offset: shift)
        }
        t.from.update(time: time)
        if !t.slide.isMoving(at: time) { finishTransition() }
    }

    /// Ends the transition in flight where it was going.
    func finishTransition() {
        guard let t = transition else { return }
        transition = nil
        place(t.to, offset: 0)
        dismiss(t.from)
        place(t.from, offset: 0)
    }

    /// Removes the launch doors at once (a navigation before they opened).
    func cutLaunch() {
        guard let doors = launch else { return }
        doors.layer.removeFromSuperlayer()
        launch = nil
        pictures.release(doors.paths)
        inputStart = -Double.infinity
    }

    /// Places a screen `offset` points right of where it rests.
    func place(_ s: ShowScreen, offset: Double) {
        s.layer.position = Point2D(x: metrics.width / 2 + offset, y: metrics.height / 2)
    }
}
