# Tests/e2e, machines whose /etc/vitrine-e2e/checks says "faults" (std-vga): the fault
# checks under systemd, sourced by vitrine-e2e (which gives now_us, val, prop,
# unit_facts, wait_running, wait_home, status_read, status_vals, S). Each step reports
# VAL lines; the host (vm.py, fault_verdicts) gives the verdicts. Every wait has a hang
# bound; times are figures.

# (f1) kill -9 of the main process KILLS times in a row. Each: "KILLN <i> <pid>" just
# before the kill, then the restarted kiosk awaited (a new main PID, active/running:
# READY=1, sent once its first frame is on screen), "UP <i>" and the screen held 0.5 s
# for the host's screendumps (WATCH on kills: every 0.05 s from before the first kill to
# after the last). Per kill: VAL kills.<i>=rc=... up=... pid=... kill_us=... MainPID=...
# ExecMainStartTimestampMonotonic=... ActiveEnterTimestampMonotonic=... NRestarts=... The kill lands whenever the new kiosk is READY: in its launch, not at rest.
KILLS=${KILLS:-50}
# Seconds for the whole series, a hang bound well above what the rounds take even on a
# host busy with other builds (their times are figures in the summary): past it the
# series stops short (the check fails, saying so) and the steps after it still run.
KILLS_BUDGET=${KILLS_BUDGET:-900}
kill_series() {
    local i pid rc up kill_us line end
    end=$(($(now_us) + KILLS_BUDGET * 1000000))
    val kills.count "$KILLS"
    val kills.budget_s "$KILLS_BUDGET"
    val kills.restarts_before "$(prop NRestarts)"
    echo "WATCH on kills"
    sleep 1
    for ((i = 1; i <= KILLS; i++)); do
        pid=$(prop MainPID)
        echo "KILLN $i $pid"
        kill -9 "$pid"
        rc=$?
        kill_us=$(now_us)
        # 70 s each at most (a hang bound; a restart takes 1.5-3 s under TCG).
        sleep 0.3
        wait_running 70 "$pid" 0.2
        up=$?
        line=$(systemctl show vitrine -p MainPID,ExecMainStartTimestampMonotonic,ActiveEnterTimestampMonotonic,NRestarts | tr '\n' ' ')
        echo "UP $i"
        val "kills.$i" "rc=$rc up=$up pid=$pid kill_us=$kill_us $line"
        sleep 0.5
        [ "$up" = 0 ] || break
        if [ "$(now_us)" -gt "$end" ] && [ "$i" -lt "$KILLS" ]; then
            val kills.budget_out "$i"
            break
        fi
    done
    sleep 1
    echo "WATCH off"
    unit_facts kills_end
}

# (f2) A hung loop: SIGSTOP to the main process. The frame loop's WATCHDOG=1 (every 2.5 s)
# stops; systemd's watchdog (WatchdogSec=5s) fires within 5 s of the last one, sends
# SIGABRT (then SIGCONT), and Restart=on-failure starts a new kiosk RestartSec=100ms
# later. VAL hang.*: the STOP's time, the new main process's ExecMainStartTimestampMonotonic
# (systemd's), WatchdogUSec and RestartUSec, systemd's "Watchdog timeout" line.
hang_step() {
    local pid stop_us
    wait_home 30
    val hang.home "$?"
    pid=$(prop MainPID)
    val hang.restarts_before "$(prop NRestarts)"
    val hang.WatchdogUSec "$(prop WatchdogUSec)"
    val hang.RestartUSec "$(prop RestartUSec)"
    val hang.pid "$pid"
    echo "WATCH on hang"
    sleep 0.5
    echo "HANG $pid"
    stop_us=$(now_us)
    kill -STOP "$pid"
    val hang.rc "$?"
    val hang.at_us "$stop_us"
    # Quiet while the watchdog runs out (at most 5 s), then a look every 0.25 s; 60 s
    # at most (a hang bound).
    sleep 2.5
    wait_running 60 "$pid" 0.25
    val hang.up "$?"
    unit_facts hang
    echo "UP hang"
    sleep 1.5
    echo "WATCH off"
    # Is the stopped process gone (killed by the watchdog, not left behind)?
    if kill -0 "$pid" 2>/dev/null; then val hang.old_alive 1; kill -9 "$pid"; else val hang.old_alive 0; fi
    val hang.watchdog_line "$(journalctl -b -u vitrine -o short-monotonic --no-pager -q | grep -i 'watchdog timeout' | tail -1)"
    val hang.old_status_line "$(journalctl -b -u vitrine -o short-monotonic --no-pager -q | grep -E 'Main process exited.*(ABRT|dumped)|code=(killed|dumped)' | tail -1)"
    wait_home 30
    val hang.home_after "$?"
    ctl_status hang_status
}

# The kiosk's journal lines (`journalctl` options after T, e.g. -p err) from CLOCK_MONOTONIC
# microsecond T on: the lines' monotonic stamps compared with T.
journal_since() {
    local t="$1"
    shift
    journalctl -b -u vitrine "$@" -o short-monotonic --no-pager -q 2>/dev/null |
        awk -v t="$t" 'match($0, /[0-9]+\.[0-9]+/) && substr($0, RSTART, RLENGTH) * 1000000 >= t'
}

# (f3) The show replaced by a corrupt one, then `systemctl reload` (SIGHUP): the kiosk keeps
# playing the show it has (the screen unchanged, `ctl status` fine, the same process) and
# logs one error naming the file; then a good show, with another wallpaper, reloaded:
# picked up (the screen changes, "reloaded" logged). The board is pointed at a show
# folder (the demo, `vitrine show init`) and the kiosk restarted for it first; the board
# stays so until the stop check (the last one that looks at the screen).
SHOW_DIR=/srv/vitrine-e2e/show
reload_steps() {
    local t0 out
    rm -rf /srv/vitrine-e2e
    mkdir -p /srv/vitrine-e2e /run/vitrine-e2e
    out=$(/usr/local/bin/vitrine show init "$SHOW_DIR.good" 2>&1)
    val reload.init_rc "$?"
    val reload.init_text "$(tr '\n' '|' <<<"$out")"
    chmod -R a+rX /srv/vitrine-e2e
    cp -a "$SHOW_DIR.good" "$SHOW_DIR"
    cp /etc/vitrine/board.toml /run/vitrine-e2e/board.before-reload
    printf '\n[show]\npath = "%s"\n' "$SHOW_DIR" >>/etc/vitrine/board.toml
    echo "RELOAD start"
    timeout 150 systemctl restart vitrine
    val reload.restart_rc "$?"
    wait_home 30
    val reload.home "$?"
    status_read
    status_vals reload_before
    val reload.pid_before "$(prop MainPID)"
    val reload.restarts_before "$(prop NRestarts)"
    echo "SHOT reload-before"
    sleep 1

    # The corrupt show: the manifest cut off inside the home tiles' array (a syntax
    # error), put in place the way a deploy would (the folder replaced).
    rm -rf "$SHOW_DIR.bad"
    cp -a "$SHOW_DIR.good" "$SHOW_DIR.bad"
    sed -i '/^  { title = "Shelf"/,$d' "$SHOW_DIR.bad/show.toml"
    val reload.bad_lines "$(wc -l <"$SHOW_DIR.bad/show.toml")"
    rm -rf "$SHOW_DIR" && mv "$SHOW_DIR.bad" "$SHOW_DIR"
    t0=$(now_us)
    val reload.bad_at_us "$t0"
    echo "RELOAD bad"
    timeout 30 systemctl reload vitrine
    val reload.bad_rc "$?"
    # SIGHUP is handled on the next turn of the loop (a frame at most): 2 s, then the status.
    sleep 2
    status_read
    val reload.bad_status_rc "$?"
    status_vals reload_bad
    val reload.pid_bad "$(prop MainPID)"
    unit_facts reload_bad
    journal_since "$t0" -p err >/run/vitrine-e2e/reload.err
    val reload.bad_errors "$(wc -l </run/vitrine-e2e/reload.err)"
    val reload.bad_error_text "$(head -3 /run/vitrine-e2e/reload.err | tr '\n' '|')"
    echo "SHOT reload-bad"
    sleep 1

    # A good show again, with another wallpaper (the launch's landscape background):
    # the home screen changes where the wallpaper shows.
    rm -rf "$SHOW_DIR.next"
    cp -a "$SHOW_DIR.good" "$SHOW_DIR.next"
    sed -i 's|^wallpaper = "home/wall.jpg"|wallpaper = "launch/bg-l.png"|' "$SHOW_DIR.next/show.toml"
    val reload.next_changed "$(grep -c '^wallpaper = "launch/bg-l.png"' "$SHOW_DIR.next/show.toml")"
    rm -rf "$SHOW_DIR" && mv "$SHOW_DIR.next" "$SHOW_DIR"
    t0=$(now_us)
    echo "RELOAD good"
    timeout 30 systemctl reload vitrine
    val reload.good_rc "$?"
    sleep 1
    wait_home 30
    val reload.good_home "$?"
    status_read
    status_vals reload_good
    val reload.pid_good "$(prop MainPID)"
    unit_facts reload_good
    journal_since "$t0" >/run/vitrine-e2e/reload.good
    val reload.good_reloaded "$(grep -c 'reloaded ' /run/vitrine-e2e/reload.good)"
    val reload.good_errors "$(grep -c '<3>\|error' /run/vitrine-e2e/reload.good)"
    echo "SHOT reload-good"
    sleep 1
}

# (t5b) The touchscreen unplugged mid-gesture and plugged back, UNPLUGS times: a finger
# down and moving on the wallpaper, the device gone (the touch must end as a cancel:
# nothing left down), a new one made, then a tap on the wallpaper (counted whole: began
# and ended up by one, nothing down). The last round taps the Books tile instead (the
# folder opens: the screen says so) and closes it. Per round: VAL unplugs.<i>=held gone
# back tapped down began ended cancelled devices (the status after the tap).
UNPLUGS=${UNPLUGS:-20}
unplug_loop() {
    local i held gone back tapped d0 b0 e0 saved=$TOUCH_DEADLINE t0
    t0=$(now_us)
    # 400 s for the rounds together: a hang bound, several times what a round takes on a
    # busy host.
    TOUCH_DEADLINE=$((t0 + 400 * 1000000))
    val unplugs.count "$UNPLUGS"
    val unplugs.restarts_before "$(prop NRestarts)"
    for ((i = 1; i <= UNPLUGS; i++)); do
        status_read
        d0=$(num "${S[devices]}")
        echo "TOUCH unplug-loop $i"
        ev_begin
        ev_down 0 "$QUIET_X" "$QUIET_Y"; ev_syn
        ev_wait 16000; ev_move 0 $((QUIET_X + 8)) "$QUIET_Y"; ev_syn
        ev_wait 16000; ev_move 0 $((QUIET_X + 16)) "$QUIET_Y"; ev_syn
        ev_play
        status_until 15 touch_down_now
        held=$?
        touchscreen_stop
        status_until 15 unplugged "$d0"
        gone=$?
        touchscreen_start 30 >/dev/null
        status_until 30 devices_back "$d0"
        back=$?
        b0=$(num "${S[began]}")
        e0=$(num "${S[ended]}")
        if [ "$i" = "$UNPLUGS" ]; then
            touch_tap "$BOOKS_X" "$BOOKS_Y"
            status_until 20 showing "$FOLDER_SCREEN"
        else
            touch_tap "$QUIET_X" "$QUIET_Y"
            status_until 15 touches_over $((b0 + 1))
        fi
        tapped=$?
        val "unplugs.$i" "$held $gone $back $tapped ${S[down]} $(($(num "${S[began]}") - b0)) $(($(num "${S[ended]}") - e0)) ${S[cancelled]} ${S[devices]}"
    done
    echo "SHOT unplug-loop-folder"
    sleep 1
    status_vals unplugs_end
    unit_facts unplugs
    val unplugs.took_us $(($(now_us) - t0))
    tap_and_see "$CLOSE_X" "$CLOSE_Y" home unplugs_close
    TOUCH_DEADLINE=$((saved + $(now_us) - t0))
}
