#!/usr/bin/env bash
# Tests/e2e/image.sh ROOTFS VITRINE BOARD IMAGE [TOUCHCONF [CHECKS]]: the disk of one e2e
# run, as root.
# A copy of the cached ROOTFS (hard links: nothing in it is written to, only new files
# are added), plus the binary as /usr/local/bin/vitrine, BOARD as
# /etc/vitrine/board.toml, the project's own systemd/vitrine.service (with
# systemd/vitrine-fbdev.conf for an fbdev board) and the guest driver, all enabled; with
# TOUCHCONF (Tests/e2e/touchpoints.py's touch.conf) the touchscreen: the conf as
# /etc/vitrine-e2e/touch.conf, guest/touch.sh and touchscreen.prop, and CHECKS (default
# "touch") as /etc/vitrine-e2e/checks, which says what the driver runs with it: "touch",
# the touch and rotation checks (also evflood.py, ctlsock.py, the rotation checks'
# control socket client, and vitrine-e2e-touch.service, the touchscreen made before the
# kiosk starts); "cage", the cage check (board/wayland-kiosk.toml as
# /etc/vitrine/wayland-kiosk.toml and guest/vitrine-cage.service, not enabled: the
# driver starts it); "faults", the fault checks (guest/faults.sh and
# /etc/vitrine-e2e/faults.conf: VITRINE_E2E_KILLS, VITRINE_E2E_UNPLUGS,
# VITRINE_E2E_KILLS_BUDGET); "latecard", the display driver loaded late (guest/late-card.sh
# and vitrine-e2e-latecard.service, enabled; the kernel's command line blacklists the
# driver: run's --append). Then an ext4 image of it (mke2fs -d, about 6 s).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
project="$(cd "$here/../.." && pwd)"
rootfs="$1" vitrine="$2" board="$3" image="$4" touchconf="${5:-}" checks="${6:-touch}"

stage="$image.stage"
rm -rf "$stage"
cp -al "$rootfs" "$stage" 2>/dev/null || cp -a "$rootfs" "$stage"
trap 'rm -rf "$stage"' EXIT
rm -f "$stage/.complete"

# New files only (install replaces nothing that is hard-linked to the cache).
install -D -m 0755 "$vitrine" "$stage/usr/local/bin/vitrine"
install -D -m 0644 "$board" "$stage/etc/vitrine/board.toml"
install -D -m 0644 "$project/systemd/vitrine.service" "$stage/etc/systemd/system/vitrine.service"
install -D -m 0644 "$here/guest/vitrine-e2e.service" "$stage/etc/systemd/system/vitrine-e2e.service"
install -D -m 0644 "$here/guest/vitrine-e2e-mark.service" "$stage/etc/systemd/system/vitrine-e2e-mark.service"
install -D -m 0755 "$here/guest/vitrine-e2e" "$stage/usr/local/lib/vitrine-e2e/vitrine-e2e"
# fbdev boards get the project's drop-in (the kiosk takes tty1, so fbcon stops drawing
# over the frames), as Deploying on a panel tells an administrator to install it.
if grep -Eq '^backend *= *"fbdev"' "$board"; then
    install -D -m 0644 "$project/systemd/vitrine-fbdev.conf" "$stage/etc/systemd/system/vitrine.service.d/fbdev.conf"
fi
# The start bound for TCG on a busy host (the unit's 30 s is a panel's hang bound).
install -D -m 0644 "$here/guest/vitrine-tcg.conf" "$stage/etc/systemd/system/vitrine.service.d/e2e-tcg.conf"
units=(vitrine.service vitrine-e2e.service vitrine-e2e-mark.service)
# The fault checks (guest/faults.sh) and the display driver loaded late
# (guest/late-card.sh; the machine booted with it blacklisted: run's --append).
case " $checks " in *" faults "* | *" latecard "*)
    mkdir -p "$stage/etc/vitrine-e2e"
    echo "$checks" >"$stage/etc/vitrine-e2e/checks"
    install -D -m 0644 "$here/guest/faults.sh" "$stage/usr/local/lib/vitrine-e2e/faults.sh"
    # How many kills and unplugs (the checks call for 50 and 20; fewer only to try the
    # harness).
    printf 'KILLS=%d\nUNPLUGS=%d\nKILLS_BUDGET=%d\n' "${VITRINE_E2E_KILLS:-50}" "${VITRINE_E2E_UNPLUGS:-20}" \
        "${VITRINE_E2E_KILLS_BUDGET:-900}" >"$stage/etc/vitrine-e2e/faults.conf"
    ;;
esac
case " $checks " in *" latecard "*)
    install -D -m 0755 "$here/guest/late-card.sh" "$stage/usr/local/lib/vitrine-e2e/late-card.sh"
    install -D -m 0644 "$here/guest/vitrine-e2e-latecard.service" "$stage/etc/systemd/system/vitrine-e2e-latecard.service"
    units+=(vitrine-e2e-latecard.service)
    ;;
esac
if [ -n "$touchconf" ]; then
    install -D -m 0644 "$touchconf" "$stage/etc/vitrine-e2e/touch.conf"
    echo "$checks" >"$stage/etc/vitrine-e2e/checks"
    install -D -m 0644 "$here/guest/touch.sh" "$stage/usr/local/lib/vitrine-e2e/touch.sh"
    install -D -m 0644 "$here/guest/touchscreen.prop" "$stage/usr/local/lib/vitrine-e2e/touchscreen.prop"
    case " $checks " in *" touch "*)
        install -D -m 0755 "$here/guest/evflood.py" "$stage/usr/local/lib/vitrine-e2e/evflood.py"
        install -D -m 0755 "$here/guest/ctlsock.py" "$stage/usr/local/lib/vitrine-e2e/ctlsock.py"
        install -D -m 0644 "$here/guest/vitrine-e2e-touch.service" "$stage/etc/systemd/system/vitrine-e2e-touch.service"
        units+=(vitrine-e2e-touch.service)
        ;;
    esac
    case " $checks " in *" cage "*)
        # The project's Wayland kiosk board and the unit that runs it under cage.
        install -D -m 0644 "$project/board/wayland-kiosk.toml" "$stage/etc/vitrine/wayland-kiosk.toml"
        install -D -m 0644 "$here/guest/vitrine-cage.service" "$stage/etc/systemd/system/vitrine-cage.service"
        ;;
    esac
fi
# Enabled as an administrator would: `systemctl enable` (only makes symlinks).
systemctl --root="$stage" --quiet enable "${units[@]}"

rm -f "$image"
truncate -s 2G "$image"
timeout 300 mke2fs -q -t ext4 -L vitrine-e2e -d "$stage" "$image"
