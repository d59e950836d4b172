import Input
import LibInput

/// Touch from libinput: the devices' events, translated at the edge (`InputTranslator`:
/// panel pixels, inside the panel, device times), fed to the same tracker and router as a
/// touch script's. A touch wakes an idle kiosk; a frame follows only if it changed
/// something.
extension Kiosk {
    /// Opens the input devices if the caller left that for after the first frame
    /// (`openInput`), with a translator for their selection, and reads what they have
    /// already sent (the devices found).
    func openInputNow() {
        if let open = openInput {
            openInput = nil
            if let seat = open() {
                input = seat
                translator = InputTranslator(
                    panelSize: translator.panelSize, selection: seat.selection, timeOrigin: translator.timeOrigin)
            }
        }
        if input != nil { inputEvents() }
    }

    /// Reads what the input devices sent and hands it on.
    func inputEvents() {
        guard let seat = input else { return }
        var touchedNow = false
        seat.read { raw in
            translator.translate(raw) { action in
                if tracker.take(action, emit: { deliver($0) }) {
                    touchedNow = true
                    return
                }
                switch action {
                case .deviceAdded(let info, let selected):
                    deviceChanged(info, selected: selected, added: true)
                case .deviceRemoved(let info, let selected):
                    deviceChanged(info, selected: selected, added: false)
                case .touch, .pointer, .pointerCancelled:
                    break
                }
            }
        }
        seat.noteWaiting(anySelected: translator.hasSelectedDevice)
        if translator.ignoredTouches > 0, !touchStats.ignoredTouchesLogged {
            touchStats.ignoredTouchesLogged = true
            logger.info(
                "input: more fingers down at once than the kiosk follows (\(translator.fingers)): the extra touches are ignored (counted in status as touch_ignored)"
            )
        }
        if touchedNow { touched() }
    }

    /// Hands a touch update to the router, counting it for `status`, unless the screen
    /// power policy swallows it (a touch that woke the screen: `Kiosk+Power`). Every
    /// touch comes through here: libinput's, a Wayland seat's and a touch script's.
    func deliver(_ update: TouchUpdate) {
        guard powerLets(update) else { return }
        touchStats.count(update)
        router.handle(update)
    }

    private func deviceChanged(_ info: InputDeviceInfo, selected: Bool, added: Bool) {
        var what = "\(info.node) \"\(info.name)\" (\(info.capabilities.names)"
        if let slots = info.touchSlots, slots > 0 { what += ", \(slots) slots" }
        what += ")"
        let verb = added ? "input: added" : "input: removed"
        if selected {
            logger.info("\(verb) \(what)")
        } else {
            logger.debug("\(verb) \(what), not selected by the board")
        }
    }
}
