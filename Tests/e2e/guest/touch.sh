# Tests/e2e/guest/touch.sh: the virtual touchscreen of the e2e guest, sourced by bash
# (guest/vitrine-e2e, guest/vitrine-e2e-touch.service). Standard tools only: evemu-device
# makes the device (a uinput node, from touchscreen.prop: 10 slots, axes 0..4095, INPUT_PROP_DIRECT),
# evemu-play writes events onto its /dev/input/eventN (the kernel injects them as if the
# device had sent them, with its own timestamps).
#
# Positions are panel pixels of the 800x480 panel (mount 0), turned into axis values the
# way a digitizer aligned with the panel reports them: axis = round(x * 4095 / 799).
#
# Events go through a file of evemu's `E: <sec>.<usec> <type> <code> <value>` lines
# (type and code in hex); evemu-play sleeps for the gaps between the timestamps. They start
# at 1.000000 s (evemu-play takes its time origin from the first event whose seconds are
# not zero).

TOUCH_STATE=/run/vitrine-e2e
TOUCH_PROP=/usr/local/lib/vitrine-e2e/touchscreen.prop
TOUCH_NAME="Vitrine Test Touchscreen"
PANEL_W=800
PANEL_H=480
AXIS_MAX=4095

EV_SYN=0 SYN_REPORT=0 EV_ABS=3
ABS_MT_SLOT=0x2f ABS_MT_POSITION_X=0x35 ABS_MT_POSITION_Y=0x36 ABS_MT_TRACKING_ID=0x39

# The pixel x (or y with $2 = h) as an axis value, rounded (negative or past the panel
# allowed: the bad-input steps want values outside the range).
axis() {
    local span=$((PANEL_W - 1)) n=$(($1 * AXIS_MAX * 2))
    [ "${2:-}" = h ] && span=$((PANEL_H - 1))
    if [ "$n" -ge 0 ]; then echo $(((n + span) / (2 * span))); else echo $(((n - span) / (2 * span))); fi
}

# --- the device -----------------------------------------------------------------------

# The /dev/input node of the newest input device called $1 (default $TOUCH_NAME; the
# kernel numbers input devices in order, so a device made again gets a larger number), or
# nothing.
touch_find_node() {
    local name=${1:-$TOUCH_NAME} best=-1 node='' dir n ev
    for dir in /sys/class/input/input*; do
        [ "$(cat "$dir/name" 2>/dev/null)" = "$name" ] || continue
        n=${dir##*/input}
        for ev in "$dir"/event*; do
            [ -e "$ev" ] && [ "$n" -gt "$best" ] && best=$n node=/dev/input/${ev##*/}
        done
    done
    echo "$node"
}

# Makes a device from the description $1 whose name (its N: line) is $2: evemu-device in
# the background (it holds the uinput device until it is killed), then waits (at most $4
# seconds, default 30: a hang bound) for its node and for udev to have seen it (libinput
# only takes devices udev tagged). Writes $TOUCH_STATE/$3.node and $3.pid; prints the
# node. Returns 1 if it did not appear.
device_start() {
    local prop=$1 name=$2 tag=$3 limit=${4:-30} before pid node i
    mkdir -p "$TOUCH_STATE"
    before=$(touch_find_node "$name")
    evemu-device "$prop" >"$TOUCH_STATE/$tag-evemu-device.log" 2>&1 &
    pid=$!
    echo "$pid" >"$TOUCH_STATE/$tag.pid"
    for ((i = 0; i < limit * 20; i++)); do
        node=$(touch_find_node "$name")
        if [ -n "$node" ] && [ "$node" != "$before" ] && [ -c "$node" ]; then
            udevadm settle -t "$limit" 2>/dev/null
            echo "$node" >"$TOUCH_STATE/$tag.node"
            echo "$node"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.05
    done
    return 1
}

# Ends the device $1 (a tag of device_start) (SIGTERM to its evemu-device: the uinput
# device goes away at once) and waits (at most 10 s) for the process and its node to be
# gone.
device_stop() {
    local tag=$1 pid node i
    pid=$(cat "$TOUCH_STATE/$tag.pid" 2>/dev/null) || return 1
    node=$(cat "$TOUCH_STATE/$tag.node" 2>/dev/null)
    kill "$pid" || return 1
    for ((i = 0; i < 200; i++)); do
        if ! kill -0 "$pid" 2>/dev/null && { [ -z "$node" ] || [ ! -e "$node" ]; }; then return 0; fi
        sleep 0.05
    done
    return 1
}

# The touchscreen (touchscreen.prop, tag "touch"), made (at most $1 seconds) or ended.
touchscreen_start() { device_start "$TOUCH_PROP" "$TOUCH_NAME" touch "${1:-30}"; }
touchscreen_stop() { device_stop touch; }

# A description derived from the touchscreen's: named $2 (the N: line), with the sed
# expression $3 applied, written to $TOUCH_STATE/$1.prop (whose path it prints).
derived_prop() {
    local out="$TOUCH_STATE/$1.prop"
    mkdir -p "$TOUCH_STATE"
    sed -e "s/^N: .*/N: $2/" -e "$3" "$TOUCH_PROP" >"$out" && echo "$out"
}

# Two more devices for the bad-input steps, each made beside the touchscreen:
#   wide: a touchscreen with 16 slots (ABS_MT_SLOT 0..15), more than the ten fingers the
#     kiosk follows at once;
#   indirect: the touchscreen without INPUT_PROP_DIRECT (its P: line all zero), which
#     udev and libinput class as they see fit: the kiosk must survive whatever it becomes.
WIDE_NAME="Vitrine Wide Touchscreen"
INDIRECT_NAME="Vitrine Indirect Touch"
wide_start() {
    device_start "$(derived_prop wide "$WIDE_NAME" 's/^A: 2f 0 9 0 0$/A: 2f 0 15 0 0/; s/^I: 0003 1234 5678/I: 0003 1234 5679/')" \
        "$WIDE_NAME" wide "${1:-30}"
}
indirect_start() {
    device_start "$(derived_prop indirect "$INDIRECT_NAME" 's/^P: 02 /P: 00 /; s/^I: 0003 1234 5678/I: 0003 1234 567a/')" \
        "$INDIRECT_NAME" indirect "${1:-30}"
}

# CLOCK_MONOTONIC in microseconds (as the driver's now_us: systemd's *TimestampMonotonic).
mono_us() {
    local ns
    ns=$(awk '/^now at/ { print $3; exit }' /proc/timer_list)
    echo $((ns / 1000))
}

# CLOCK_BOOTTIME (CLOCK_MONOTONIC's value on a machine that never suspends) in
# microseconds, to 10 ms, without starting a process (bash's read of /proc/uptime): for
# timing steps that a process start would slow down under TCG.
uptime_us() {
    local up _
    read -r up _ </proc/uptime
    echo $((${up%.*} * 1000000 + 10#${up#*.} * 10000))
}

# The tap during the launch, armed before the kiosk starts (from vitrine-e2e-touch.service,
# after touchscreen_start): a background job that starts evemu-play at once, reading its
# events from a FIFO (so it is loaded and waiting), then blocks in `systemctl start
# vitrine` (joining the boot's start job, so it returns the moment the kiosk is READY: its
# first frame, the closed doors, is on screen), writes the tap at pixel ($1, $2) into the
# FIFO (bash's printf: no process to start) and asks `vitrine ctl status` after it. The
# launch holds the doors 0.5 s and opens them in 1.2 s: the driver, which starts after
# READY too, took 1.8 s to get there under TCG, and an evemu-play started at READY took
# 1.3 s for its 50 ms tap. Leaves $TOUCH_STATE/launch-tap.status (the status) and
# launch-tap.times (`ready_rc= start_us= written_us= done_us= status_us= play_rc=
# status_rc=`; times as uptime_us).
launch_tap_arm() {
    local x=$1 y=$2 events
    ev_begin
    ev_down 0 "$x" "$y"; ev_syn
    ev_wait 50000
    ev_up 0; ev_syn
    events=$(cat "$EV_FILE")
    rm -f "$EV_FILE"
    rm -f "$TOUCH_STATE/launch-tap.fifo"
    mkfifo "$TOUCH_STATE/launch-tap.fifo" || return 1
    (
        exec </dev/null >/dev/null 2>&1
        local ready_rc start written done status play_rc status_rc node player
        node=$(cat "$TOUCH_STATE/touch.node")
        # A writer first (read-write: does not block), so the player's open does not wait.
        exec 3<>"$TOUCH_STATE/launch-tap.fifo"
        timeout 330 evemu-play "$node" <"$TOUCH_STATE/launch-tap.fifo" 3>&- &
        player=$!
        timeout 300 systemctl start vitrine.service
        ready_rc=$?
        start=$(uptime_us)
        [ "$ready_rc" = 0 ] && printf '%s\n' "$events" >&3
        written=$(uptime_us)
        exec 3>&-
        wait "$player"
        play_rc=$?
        done=$(uptime_us)
        timeout 15 /usr/local/bin/vitrine ctl status >"$TOUCH_STATE/launch-tap.status" 2>&1
        status_rc=$?
        status=$(uptime_us)
        echo "ready_rc=$ready_rc start_us=$start written_us=$written done_us=$done status_us=$status play_rc=$play_rc status_rc=$status_rc" \
            >"$TOUCH_STATE/launch-tap.times"
    ) &
}

# --- events -----------------------------------------------------------------------------

# Event lines go to $EV_FILE; $EV_T is the time of the next ones in microseconds (from 0).
EV_T=0
EV_ID=100 # tracking ids: a fresh one for every touch
ev() { printf 'E: %d.%06d %04x %04x %d\n' $((1 + EV_T / 1000000)) $((EV_T % 1000000)) "$1" "$2" "$3" >>"$EV_FILE"; }
ev_begin() { EV_FILE=$(mktemp /run/vitrine-e2e/events.XXXXXX); EV_T=0; }
ev_syn() { ev $EV_SYN $SYN_REPORT 0; }
ev_wait() { EV_T=$((EV_T + $1)); }
# slot x y: a new touch on the slot (a new tracking id), at pixel (x, y); no SYN.
ev_down() { ev $EV_ABS $ABS_MT_SLOT "$1"; EV_ID=$((EV_ID + 1)); ev $EV_ABS $ABS_MT_TRACKING_ID $EV_ID; ev_at "$2" "$3"; }
# x y: position of the current slot, in pixels.
ev_at() { ev $EV_ABS $ABS_MT_POSITION_X "$(axis "$1")"; ev $EV_ABS $ABS_MT_POSITION_Y "$(axis "$2" h)"; }
ev_move() { ev $EV_ABS $ABS_MT_SLOT "$1"; ev_at "$2" "$3"; }
ev_up() { ev $EV_ABS $ABS_MT_SLOT "$1"; ev $EV_ABS $ABS_MT_TRACKING_ID -1; }
# Plays the file onto the touchscreen (or the device of tag $1); returns evemu-play's
# status.
ev_play() {
    local node rc
    node=$(cat "$TOUCH_STATE/${1:-touch}.node" 2>/dev/null)
    timeout 60 evemu-play "$node" <"$EV_FILE"
    rc=$?
    rm -f "$EV_FILE"
    return $rc
}

# A tap at pixel (x, y): slot $TAP_SLOT (default 0) down, up 50 ms later, on the device of
# tag $TAP_DEVICE (default the touchscreen).
touch_tap() {
    local slot=${TAP_SLOT:-0}
    ev_begin
    ev_down "$slot" "$1" "$2"; ev_syn
    ev_wait 50000
    ev_up "$slot"; ev_syn
    ev_play "${TAP_DEVICE:-touch}"
}

# Many fingers at once on the device of tag $1: slots $4... down in one frame at pixels
# ($2 + 50 i, $3) (i counting the slots from 0), two frames 16 ms apart moving each up 4
# pixels, then all up in one frame.
touch_many() {
    local tag=$1 x=$2 y=$3 i k slots
    shift 3
    slots=("$@")
    ev_begin
    for i in "${!slots[@]}"; do ev_down "${slots[$i]}" $((x + 50 * i)) "$y"; done
    ev_syn
    for ((k = 1; k <= 2; k++)); do
        ev_wait 16000
        for i in "${!slots[@]}"; do ev_move "${slots[$i]}" $((x + 50 * i)) $((y - 4 * k)); done
        ev_syn
    done
    ev_wait 16000
    for i in "${!slots[@]}"; do ev_up "${slots[$i]}"; done
    ev_syn
    ev_play "$tag"
}

# A finger down at (x, y) on slot 0, left down.
touch_hold() {
    ev_begin
    ev_down 0 "$1" "$2"; ev_syn
    ev_play
}

# Two fingers: slot 0 down at ($1, $2), slot 1 at ($3, $4) in the same frame, then $5 (default
# 6) frames 16 ms apart moving both by ($6, $7) pixels a frame (default (0, -8)), then both up
# in one frame.
touch_two() {
    local n=${5:-6} dx=${6:-0} dy=${7:--8} k
    ev_begin
    ev_down 0 "$1" "$2"; ev_down 1 "$3" "$4"; ev_syn
    for ((k = 1; k <= n; k++)); do
        ev_wait 16000
        ev_move 0 $(($1 + k * dx)) $(($2 + k * dy)); ev_move 1 $(($3 + k * dx)) $(($4 + k * dy)); ev_syn
    done
    ev_wait 16000
    ev_up 0; ev_up 1; ev_syn
    ev_play
}

# Bad input, at pixel ($1, $2) (somewhere nothing reacts to a touch) unless a step says:
#   1. positions outside the axis range (5000 and -100 axis units: past the right edge,
#      above the top), down, moved, up;
#   2. a touch-down on a slot that is already down (a new tracking id on slot 0 without the
#      -1 first), then up;
#   3. motion without SYN_REPORT: a touch down, six position updates with no SYN between
#      them, then a SYN and up;
#   4. two slots down, one lifted twice (a -1 on a slot already up), then the other up.
# Every touch is lifted at the end: afterwards nothing is down.
touch_bad() {
    local x=$1 y=$2
    ev_begin
    # 1. outside the range (raw axis values, not pixels)
    ev $EV_ABS $ABS_MT_SLOT 0; EV_ID=$((EV_ID + 1)); ev $EV_ABS $ABS_MT_TRACKING_ID $EV_ID
    ev $EV_ABS $ABS_MT_POSITION_X 5000; ev $EV_ABS $ABS_MT_POSITION_Y -100; ev_syn
    ev_wait 16000
    ev $EV_ABS $ABS_MT_POSITION_X -100; ev $EV_ABS $ABS_MT_POSITION_Y 5000; ev_syn
    ev_wait 16000
    ev_up 0; ev_syn
    ev_wait 50000
    # 2. down on a slot already down
    ev_down 0 "$x" "$y"; ev_syn
    ev_wait 16000
    ev_down 0 $((x + 10)) "$y"; ev_syn
    ev_wait 16000
    ev_up 0; ev_syn
    ev_wait 50000
    # 3. motion without SYN_REPORT
    ev_down 0 "$x" "$y"; ev_syn
    local k
    for ((k = 1; k <= 6; k++)); do ev_wait 2000; ev_at $((x + 3 * k)) "$y"; done
    ev_wait 16000
    ev_syn
    ev_wait 16000
    ev_up 0; ev_syn
    ev_wait 50000
    # 4. a slot lifted twice
    ev_down 0 "$x" "$y"; ev_down 1 $((x + 100)) "$y"; ev_syn
    ev_wait 16000
    ev_up 1; ev_syn
    ev_wait 16000
    ev_up 1; ev_syn
    ev_wait 16000
    ev_up 0; ev_syn
    ev_play
}

# A flood: one finger down at pixel ($1, $2), moving 4 pixels back and forth, then up: $3
# events (default 10000, SYN_REPORTs included) in $4 seconds (default 1), by evflood.py
# (evemu-play writes one event a system call and sleeps between them: 10 000 took it 8.5 s
# under TCG). With ($5, $6): halfway through, a second finger taps there. Prints
# evflood.py's `events=N seconds=S`; returns its status.
touch_flood() {
    local node tap=()
    node=$(cat "$TOUCH_STATE/touch.node" 2>/dev/null)
    [ -n "${5:-}" ] && tap=("$(axis "$5")" "$(axis "$6" h)")
    timeout 60 python3 /usr/local/lib/vitrine-e2e/evflood.py "$node" "$(axis "$1")" "$(axis $(($1 + 4)))" \
        "$(axis "$2" h)" "${3:-10000}" "${4:-1}" "${tap[@]}"
}
