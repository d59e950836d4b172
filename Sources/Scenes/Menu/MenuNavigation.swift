import Compositor
import Show

/// The guillotine menu's part of the scene (`GuillotineMenu` draws and moves it):
///
/// - `.menu` is no screen: opening it (the menu button of every screen's top bar, a tile
///   or item opening `menu`, `open(.menu, time:)`, `--scene menu`) drops the menu over the
///   screen shown, hinged at that screen's menu button (`ShowScreen.menuBar`). A
///   transition in flight ends first, and the launch doors are cut short. `current` is
///   `.menu` while the menu is open or opening.
/// - The button (or a tap before the first contact) reverses the swing; closing, `current`
///   is the screen under it again, and the menu is removed once it rests closed.
/// - An item (from the first contact on) navigates: its target replaces the screen under
///   the menu at once, with no slide (a folder as its plain screen, not the reveal: there
///   is no home tile under a menu), and the menu swings up off it: the menu closes as its
///   target appears. An item opening the screen already under the menu just closes it.
/// - Any navigation while the menu is there (`goHome` from the control socket or the idle
///   reset, `open(_:time:)`) does the same.
/// - A new layout (`resize`, or a scene built again on a turn: `resumeName` is
///   `<screen>+menu` while the menu is open or opening) keeps an open or opening menu
///   open, at rest, hinged on the new layout's button; a closing one is gone.
extension ShowScene {
    /// Drops the menu over the screen shown, starting at `start` (nil: the next update);
    /// `open`: open and at rest at once. With a menu there already: reopens it if it is
    /// closing.
    func openMenu(start: Double?, open: Bool = false) {
        if let m = menu {
            if !m.isOpening { m.reverse() }
            return
        }
        finishTransition()
        cutLaunch()
        let host = screenShown
        let bar = host.menuBar ?? .standard(metrics, title: show.title)
        let m = GuillotineMenu(
            items: show.menu, emptyText: show.labels.menuEmpty, host: bar, hostTarget: current, metrics: metrics,
            start: start, open: open, accepts: context().accepts)
        m.layer.zPosition = 50
        m.showHost(host.layer)
        m.onItem = { [unowned self] i in self.menuItemTapped(i) }
        m.onReverse = { [unowned self] in self.menuReversed() }
        root.addSublayer(m.layer)
        menu = m
        current = .menu
        if let router { m.attach(to: router) }
    }

    /// The swing reversed: `current` follows it.
    func menuReversed() {
        guard let m = menu else { return }
        current = m.isOpening ? .menu : m.hostTarget
    }

    /// Item `i` was tapped (items take taps).
    func menuItemTapped(_ i: Int) {
        guard i < show.menu.count, let m = menu else { return }
        let target = show.menu[i].open
        // A new screen's pictures fetched first (`ShowScene+Fetch.swift`).
        if target != .menu, target != m.hostTarget,
            waitsForPictures(of: target, back: false, underMenu: true, go: { [unowned self] in self.menuItemTapped(i) })
        {
            return
        }
        pending = nil
        navigateFromMenu(to: target)
    }

    /// Puts `target` under the menu (a cut) and closes the menu over it.
    func navigateFromMenu(to target: ShowTarget) {
        guard let m = menu else { return }
        if target != .menu && target != m.hostTarget {
            replaceHost(with: target)
            m.hostTarget = target
            m.showHost(screenShown.layer)
        }
        if m.isOpening {
            m.reverse()
        } else {
            current = m.hostTarget
        }
    }

    /// Shows `target` at once in place of the screen under the menu (no slide).
    private func replaceHost(with target: ShowTarget) {
        finishTransition()
        if reveal != nil {
            // The reveal's modal lies under the menu's: the menu's comes off first.
            if let router, let m = menu, m.isModal {
                m.detach(from: router)
                dropReveal()
                m.attach(to: router)
            } else {
                dropReveal()
            }
        }
        let old = screen
        if target == .home {
            home.layer.isHidden = false
            screen = nil
            place(home, offset: 0)
        } else {
            let s = makeScreen(target)
            present(s)
            place(s, offset: 0)
            screen = s
            if old == nil { dismiss(home) }
        }
        if let old { dismiss(old) }
    }

    /// Moves the menu for `time`; once it rests closed, it goes.
    func stepMenu(time: Double) {
        guard let m = menu else { return }
        m.update(time: time)
        if m.isClosed { dropMenu() }
    }

    /// Takes the menu away at once (its picture goes with it).
    func dropMenu() {
        guard let m = menu else { return }
        if let router { m.detach(from: router) }
        m.remove()
        menu = nil
        if current == .menu { current = m.hostTarget }
    }

    /// Before a new layout: the menu goes; returns whether it was open or opening (then
    /// `resize` builds it again, open and at rest, over the new layout's screen, once the
    /// screens and any folder reveal are laid out anew: its modal stays the innermost).
    func takeMenuDown() -> Bool {
        guard let m = menu else { return false }
        dropMenu()
        return m.isOpening
    }
}
