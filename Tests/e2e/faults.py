"""The verdicts of the fault checks under systemd (guest/faults.sh, guest/late-card.sh),
for vm.py: `verdicts(run, values, result, speed)` adds one result line per check and
its figures. Standard library only.

Checks (each asserts behaviour; times are figures, except the watchdog's bound:
WatchdogSec + 1 s, plus RestartSec):
- kill9-series: kill -9 of the main process KILLS (50) times in a row; each restarted
  (a new main PID, active/running: READY=1 after its first frame), and each restart's
  frame seen on screen; NRestarts up by exactly KILLS.
- watchdog-hang: SIGSTOP to the main process; systemd's watchdog kills it and the new
  process is exec'd within WatchdogSec + 1 s + RestartSec of the STOP (systemd's
  ExecMainStartTimestampMonotonic against the guest's CLOCK_MONOTONIC at the STOP); a
  kiosk frame on screen after.
- late-card: no card at the kiosk's exec, the card 20 s later; the kiosk waited (its log
  lines, systemd's STATUS= meanwhile), no restart, not failed, the doors first (check a).
- reload-corrupt-show: a corrupt show reloaded: the screen unchanged, the status fine,
  the same process, exactly one error naming the file; a good show reloaded next: the
  screen changes, "reloaded" logged.
- touch-unplug-loop: the touchscreen unplugged mid-gesture and back UNPLUGS (20) times:
  nothing left down, a tap counted whole after each (the last one opens the folder).
"""

import re

import images

MAX_MEAN = 1.0
MAX_DIFFERING = 1.0
# A kiosk frame back after a kill: a hang bound (measured 1.5-3 s under TCG).
KILL_HANG_S = 60.0


def is_kiosk(frame):
    return frame.cls != "dark" and not frame.cls.startswith("other-size")


def words(text):
    """'a=1 b=2' -> {'a': '1', 'b': '2'}."""
    out = {}
    for word in (text or "").split():
        key, eq, value = word.partition("=")
        if eq:
            out[key] = value
    return out


def number(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def timespan_us(text):
    """systemd's time spans as `systemctl show` prints them ("5s", "200ms", "1min 30s",
    "infinity") in microseconds, or None."""
    if not text:
        return None
    units = {"us": 1, "ms": 1000, "s": 1000000, "min": 60000000, "h": 3600000000}
    total = 0
    for amount, unit in re.findall(r"([0-9.]+)\s*(us|ms|min|s|h)", text):
        total += float(amount) * units[unit]
    return int(total) if total else None


def stats(xs):
    xs = sorted(xs)
    if not xs:
        return None, None
    mid = len(xs) // 2
    median = xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2
    return median, xs[-1]


def journal_us(line):
    m = re.search(r"\[\s*(\d+)\.(\d+)\]", line or "")
    return int(m.group(1)) * 1000000 + int(m.group(2).ljust(6, "0")[:6]) if m else None


def restart_on_screen(run, phase, t0, t_up, t_end):
    """The screen around one restart: (back, shown, dark). `back`: the first screendump
    after t0 (the kill's bound) that shows the kiosk after one that did not (the console
    the kernel restores when the master dies), or, when the screen never left the kiosk
    (the last frame kept on screen: FDSTORE), the first kiosk screendump requested after
    the guest's UP line (t_up). `shown`: a kiosk screendump requested after t_up and done
    before t_end (the next kill). `dark`: whether a non-kiosk screendump came between."""
    watch = [f for f in run.frames if f.phase == phase and f.requested >= t0 and f.done <= t_end]
    back = None
    dark = False
    for f in watch:
        if not is_kiosk(f):
            dark = True
        elif dark:
            back = f
            break
    if back is None and t_up is not None:
        back = next((f for f in watch if f.requested >= t_up and is_kiosk(f)), None)
    shown = None
    if t_up is not None:
        shown = next((f for f in watch if f.requested >= t_up and is_kiosk(f)), None)
    return back, shown, dark


def verdicts(run, v, result, speed):
    if run.args.late_card:
        late_card(run, v, result, speed)
    if run.args.faults:
        kill_series(run, v, result, speed)
        watchdog_hang(run, v, result, speed)
        reload_show(run, v, result, speed)
        if run.args.touch:
            unplug_loop(run, v, result, speed)


def kill_series(run, v, result, speed):
    count = number(v.get("kills.count"))
    if not count:
        result(False, "kill9-series", "the guest did not run it (no kills.count)")
        return
    kills = [m for m in run.marks if m[0] == "KILLN"]
    ups = {m[1]: m for m in run.marks if m[0] == "UP"}
    watch_end = max((f.done for f in run.frames if f.phase == "kills"), default=None)
    failures = []
    to_frame, to_exec, to_ready = [], [], []
    dark_count = 0
    done = 0
    for k, (_, i, bound, _) in enumerate(kills):
        facts = words(v.get("kills.%s" % i))
        problems = []
        if facts.get("rc") != "0":
            problems.append("kill rc %s" % facts.get("rc"))
        if facts.get("up") != "0":
            problems.append("not running again within the hang bound")
        if facts.get("MainPID") in (None, "0", facts.get("pid")):
            problems.append("main PID %s -> %s" % (facts.get("pid"), facts.get("MainPID")))
        kill_us, exec_us, active_us = (number(facts.get(x)) for x in (
            "kill_us", "ExecMainStartTimestampMonotonic", "ActiveEnterTimestampMonotonic"))
        if kill_us and exec_us and exec_us > kill_us:
            to_exec.append((exec_us - kill_us) / 1000)
        else:
            problems.append("no exec after the kill")
        if kill_us and active_us and active_us > kill_us:
            to_ready.append((active_us - kill_us) / 1000)
        up = ups.get(i)
        t_end = kills[k + 1][2] if k + 1 < len(kills) else (watch_end or float("inf")) + 1
        back, shown, dark = restart_on_screen(run, "kills", bound, up[3] if up else None, t_end)
        dark_count += dark
        if back is None or shown is None:
            problems.append("no kiosk frame on screen after the restart")
        else:
            took = back.done - bound
            to_frame.append(took)
            if took > KILL_HANG_S:
                problems.append("frame back after %.1f s (hang bound %.0f s)" % (took, KILL_HANG_S))
        if problems:
            failures.append("kill %s: %s" % (i, ", ".join(problems)))
            if len(failures) <= 3 and back is not None and back.image is not None:
                run.keep(back, "kills-%s-back" % i)
        else:
            done += 1
    if v.get("kills.budget_out"):
        failures.append("the series stopped after %s kills: past its %s s budget (a hang bound)" % (
            v.get("kills.budget_out"), v.get("kills.budget_s")))
    ok = len(kills) == count and done == count and not failures
    before, after = number(v.get("kills.restarts_before")), number(v.get("kills_end.NRestarts"))
    if before is None or after is None or after - before != count:
        ok = False
        failures.append("NRestarts %s -> %s (want +%d)" % (before, after, count))
    state = (v.get("kills_end.ActiveState"), v.get("kills_end.SubState"))
    if state != ("active", "running"):
        ok = False
        failures.append("at the end %s/%s" % state)
    median, worst = stats(to_frame)
    detail = "%d kills, %d restarted with a kiosk frame on screen after; NRestarts %s -> %s; kill to frame on screen median %s s, worst %s s (figures; the screen went dark between, the kernel's console, %d times, kept a frame %d times)" % (
        len(kills), done, before, after, "%.2f" % median if median is not None else "?",
        "%.2f" % worst if worst is not None else "?", dark_count, len(kills) - dark_count)
    result(ok, "kill9-series", detail + ("; " + "; ".join(failures[:5]) if failures else ""))
    speed.append(("kills_count", "%d" % len(kills)))
    for label, xs, fmt in (("kills_kill_to_frame_on_screen_s", to_frame, "%.2f"),
                           ("kills_kill_to_exec_ms", to_exec, "%.0f"),
                           ("kills_kill_to_ready_ms", to_ready, "%.0f")):
        median, worst = stats(xs)
        if median is not None:
            speed.append((label + "_median", fmt % median))
            speed.append((label + "_worst", fmt % worst))
    gaps = [b.done - a.done for a, b in zip(run.frames, run.frames[1:]) if a.phase == b.phase == "kills"]
    if gaps:
        speed.append(("kills_screendump_every_ms", "%.0f (at most %.0f)" % (1000 * sum(gaps) / len(gaps), 1000 * max(gaps))))


def watchdog_hang(run, v, result, speed):
    if "hang.rc" not in v:
        result(False, "watchdog-hang", "the guest did not run it (no hang.rc)")
        return
    details, ok = [], True
    stop_us = number(v.get("hang.at_us"))
    exec_us = number(v.get("hang.ExecMainStartTimestampMonotonic"))
    watchdog_us, restart_us = timespan_us(v.get("hang.WatchdogUSec")), timespan_us(v.get("hang.RestartUSec"))
    if v.get("hang.rc") != "0" or v.get("hang.up") != "0":
        ok = False
        details.append("kill -STOP rc %s; running again: %s" % (v.get("hang.rc"), "yes" if v.get("hang.up") == "0" else "no"))
    if v.get("hang.MainPID") in (None, "0", v.get("hang.pid")):
        ok = False
        details.append("main PID %s -> %s" % (v.get("hang.pid"), v.get("hang.MainPID")))
    if v.get("hang.old_alive") != "0":
        ok = False
        details.append("the stopped process was still there")
    before, after = number(v.get("hang.restarts_before")), number(v.get("hang.NRestarts"))
    if before is None or after != before + 1:
        ok = False
    details.append("NRestarts %s -> %s" % (before, after))
    if None in (stop_us, exec_us, watchdog_us) or exec_us <= stop_us:
        ok = False
        details.append("no new exec after the STOP (WatchdogUSec=%s)" % v.get("hang.WatchdogUSec"))
    else:
        bound = watchdog_us + 1000000 + (restart_us or 0)
        took = exec_us - stop_us
        ok = ok and took <= bound
        details.append("STOP to the new exec %.2f s (systemd's ExecMainStartTimestampMonotonic - the guest's CLOCK_MONOTONIC at kill -STOP; bound WatchdogSec %s + 1 s + RestartSec %s = %.1f s)" % (
            took / 1e6, v.get("hang.WatchdogUSec"), v.get("hang.RestartUSec"), bound / 1e6))
        speed.append(("hang_stop_to_exec_ms", "%.0f" % (took / 1000)))
    line = v.get("hang.watchdog_line", "")
    wd_at = journal_us(line)
    if not line:
        ok = False
        details.append("no 'Watchdog timeout' line from systemd")
    elif stop_us and wd_at:
        details.append("watchdog fired %.2f s after the STOP" % ((wd_at - stop_us) / 1e6))
        speed.append(("hang_stop_to_watchdog_ms", "%.0f" % ((wd_at - stop_us) / 1000)))
    marks = [m for m in run.marks if m[0] == "HANG"]
    ups = [m for m in run.marks if m[0] == "UP" and m[1] == "hang"]
    if not marks or not ups:
        ok = False
        details.append("no HANG/UP lines")
    else:
        back, shown, dark = restart_on_screen(run, "hang", marks[-1][2], ups[-1][3], float("inf"))
        if back is None or shown is None:
            ok = False
            details.append("no kiosk frame on screen after the restart")
        else:
            details.append("a kiosk frame on screen %.2f s after the STOP%s" % (
                back.done - marks[-1][2], " (after a dark console)" if dark else ""))
            speed.append(("hang_stop_to_frame_on_screen_s", "%.2f" % (back.done - marks[-1][2])))
            if back.image is not None:
                run.keep(back, "hang-back")
    state = (v.get("hang.ActiveState"), v.get("hang.SubState"))
    if state != ("active", "running"):
        ok = False
        details.append("then %s/%s" % state)
    if v.get("hang.home_after") != "0":
        ok = False
        details.append("the new kiosk did not come home")
    result(ok, "watchdog-hang", "; ".join(details))


def late_card(run, v, result, speed):
    details, ok = [], True
    if v.get("latecard.done") != "1":
        result(False, "late-card", "the guest's late-card.sh did not finish (%s)" % v.get("latecard.exec_us"))
        return
    exec_us, load_us, card_us = (number(v.get("latecard." + k)) for k in ("exec_us", "load_us", "card_us"))
    if v.get("latecard.card_at_exec", "").strip() or v.get("latecard.bochs_at_exec") != "0":
        ok = False
        details.append("a card was there at the kiosk's exec (%s, bochs loaded %s): the blacklist did not hold" % (
            v.get("latecard.card_at_exec"), v.get("latecard.bochs_at_exec")))
    if v.get("latecard.load_rc") != "0":
        ok = False
        details.append("modprobe bochs rc %s" % v.get("latecard.load_rc"))
    if exec_us and load_us:
        details.append("the card loaded %.1f s after the kiosk's exec" % ((load_us - exec_us) / 1e6))
        speed.append(("latecard_exec_to_load_ms", "%.0f" % ((load_us - exec_us) / 1000)))
    if v.get("latecard.state_before") != "activating/start":
        ok = False
    details.append("meanwhile the unit %s, NRestarts %s, status %r" % (
        v.get("latecard.state_before"), v.get("latecard.restarts_before"), v.get("latecard.status_before")))
    if not v.get("latecard.status_before", "").startswith("waiting for the display"):
        ok = False
    waits = [l for l in run.journal if "display: not there yet" in l]
    came = [l for l in run.journal if "display: there after waiting" in l]
    if len(waits) < 1 or len(came) < 1:
        ok = False
        details.append("the kiosk's log lacks %s" % " and ".join(
            x for x, l in (("'display: not there yet'", waits), ("'display: there after waiting'", came)) if not l))
    else:
        details.append("logged %r, then %r" % (re.sub(r"^\[[^]]*\] \S+ ", "", waits[0])[:160], re.sub(r"^\[[^]]*\] \S+ ", "", came[0])[:120]))
    # Booted as one start: no restart, not failed, READY after the card.
    state = (v.get("boot.ActiveState"), v.get("boot.SubState"), v.get("boot.NRestarts"), v.get("boot.Result"))
    if state != ("active", "running", "0", "success") or v.get("boot.retry"):
        ok = False
    details.append("the unit %s/%s NRestarts=%s Result=%s" % state[:4])
    active_us = number(v.get("boot.ActiveEnterTimestampMonotonic"))
    if card_us and active_us:
        if active_us < (load_us or 0):
            ok = False
        speed.append(("latecard_card_to_ready_ms", "%.0f" % ((active_us - (load_us or card_us)) / 1000)))
        details.append("READY %.2f s after the load" % ((active_us - (load_us or card_us)) / 1e6))
    # systemd's own lines about the unit up to READY (later ones are the kills').
    failed = [l for l in run.journal if ("Failed with result" in l or "vitrine.service: Failed" in l)
              and (journal_us(l) or 0) <= (active_us or 0)]
    if failed:
        ok = False
        details.append("systemd: %s" % failed[0][:160])
    if run.starting and run.kiosk_seen:
        speed.append(("latecard_load_to_first_frame_on_screen_s", "%.2f (host-observed)" % (run.kiosk_seen - run.starting)))
    result(ok, "late-card", "; ".join(details))
    # The boot's figures from the kiosk's exec include the 20 s wait: named as such, so
    # that they are not read as a start's.
    renamed = ("exec_to_first_frame_on_screen_ms", "exec_to_ready_ms", "exec_to_first_frame_ms",
               "exec_to_ready_log_line_ms", "kiosk_start_to_first_frame_ms", "host_qemu_start_to_first_frame_s")
    for k, (key, value) in enumerate(speed):
        if key in renamed:
            speed[k] = ("latecard_" + key, value)


def reload_show(run, v, result, speed):
    if "reload.restart_rc" not in v:
        result(False, "reload-corrupt-show", "the guest did not run it")
        return
    details, ok = [], True
    if v.get("reload.init_rc") != "0" or v.get("reload.restart_rc") != "0" or v.get("reload.home") != "0":
        ok = False
        details.append("setup: show init rc %s, restart rc %s, home %s (%s)" % (
            v.get("reload.init_rc"), v.get("reload.restart_rc"), v.get("reload.home"), v.get("reload.init_text")))
    # The corrupt show: nothing changes but one error line.
    fine = (v.get("reload.bad_rc"), v.get("reload.bad_status_rc"), v.get("reload_bad.state"), v.get("reload_bad.screen"),
            v.get("reload_bad.animating"))
    if fine != ("0", "0", "running", "home", "false"):
        ok = False
    details.append("corrupt show (%s lines) reloaded: systemctl reload rc %s, status rc %s state=%s screen=%s animating=%s" % (
        (v.get("reload.bad_lines"),) + fine))
    same = v.get("reload.pid_bad") == v.get("reload.pid_before") and v.get("reload_bad.NRestarts") == v.get("reload.restarts_before")
    if not same or (v.get("reload_bad.ActiveState"), v.get("reload_bad.SubState")) != ("active", "running"):
        ok = False
        details.append("the process changed or the unit is not running (PID %s -> %s, NRestarts %s -> %s, %s/%s)" % (
            v.get("reload.pid_before"), v.get("reload.pid_bad"), v.get("reload.restarts_before"),
            v.get("reload_bad.NRestarts"), v.get("reload_bad.ActiveState"), v.get("reload_bad.SubState")))
    errors, text = v.get("reload.bad_errors"), v.get("reload.bad_error_text", "")
    if errors != "1" or "show.toml" not in text:
        ok = False
    details.append("errors logged: %s (%s)" % (errors, re.sub(r"^\[[^]]*\] \S+ ", "", text.rstrip("|"))[:200]))
    before, bad, good = (run.shots.get(n) for n in ("reload-before", "reload-bad", "reload-good"))
    if before is None or bad is None or before.image is None or bad.image is None:
        ok = False
        details.append("screendumps missing")
    else:
        d = images.compare(bad.image, before.image, step=1)
        kept = d.within(MAX_MEAN, MAX_DIFFERING) and not bad.stale and not before.stale
        ok = ok and kept
        details.append("the screen against before: %s%s" % (d, "" if kept else " (changed)"))
    # The good show next: picked up.
    picked = (v.get("reload.good_rc"), v.get("reload.good_home"), v.get("reload.good_reloaded"), v.get("reload.next_changed"))
    if picked[:2] != ("0", "0") or number(picked[2]) in (None, 0) or picked[3] != "1":
        ok = False
    details.append("good show (another wallpaper) reloaded: rc %s, home %s, 'reloaded' logged %s" % picked[:3])
    if v.get("reload.pid_good") != v.get("reload.pid_before"):
        ok = False
        details.append("the process changed (%s -> %s)" % (v.get("reload.pid_before"), v.get("reload.pid_good")))
    if good is None or good.image is None or before is None or before.image is None:
        ok = False
    else:
        d = images.compare(good.image, before.image, step=1)
        changed = not d.within(MAX_MEAN, MAX_DIFFERING) and not good.stale
        ok = ok and changed
        details.append("the screen against before: %s%s" % (d, "" if changed else " (unchanged: not picked up)"))
    result(ok, "reload-corrupt-show", "; ".join(details))


def unplug_loop(run, v, result, speed):
    count = number(v.get("unplugs.count"))
    if not count:
        result(False, "touch-unplug-loop", "the guest did not run it")
        return
    failures = []
    good = 0
    cancelled = []
    for i in range(1, count + 1):
        fields = (v.get("unplugs.%d" % i) or "").split()
        if len(fields) < 9:
            failures.append("round %d: no report" % i)
            continue
        held, gone, back, tapped, down, began, ended, canc, devices = fields[:9]
        problems = []
        if held != "0":
            problems.append("the finger never showed as down")
        if gone != "0":
            problems.append("not unplugged with nothing down")
        if back != "0":
            problems.append("the new touchscreen not seen")
        if tapped != "0" or down != "0" or began != "1" or ended != "1":
            problems.append("the tap after it: settled %s, down=%s, began +%s, ended +%s" % (tapped, down, began, ended))
        cancelled.append(canc)
        if problems:
            failures.append("round %d: %s" % (i, ", ".join(problems)))
        else:
            good += 1
    ok = good == count
    before, after = v.get("unplugs.restarts_before"), v.get("unplugs.NRestarts")
    if before is None or before != after or (v.get("unplugs.ActiveState"), v.get("unplugs.SubState")) != ("active", "running"):
        ok = False
        failures.append("unit %s/%s NRestarts %s -> %s" % (v.get("unplugs.ActiveState"), v.get("unplugs.SubState"), before, after))
    shot = run.shots.get("unplug-loop-folder")
    if shot is None or shot.image is None or run.folder_ref is None:
        ok = False
        failures.append("no screendump of the last tap's folder")
    else:
        d = images.compare(shot.image, run.folder_ref, step=1)
        ok = ok and d.within(MAX_MEAN, MAX_DIFFERING) and not shot.stale
        failures.append("the last tap opened the folder: %s" % d)
    if v.get("unplugs_close.settled") != "0":
        ok = False
        failures.append("the close tap did not bring home")
    took = number(v.get("unplugs.took_us"))
    if took:
        speed.append(("unplug_loop_round_s", "%.1f" % (took / 1e6 / count)))
    result(ok, "touch-unplug-loop", "%d of %d rounds: unplugged mid-gesture with nothing left down, the new touchscreen seen, a tap counted whole (began +1, ended +1, down=0); cancelled count after each: %s; NRestarts %s -> %s; %s" % (
        good, count, ",".join(cancelled), before, after, "; ".join(failures)))
