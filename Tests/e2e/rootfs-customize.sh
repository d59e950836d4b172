#!/bin/sh
# mmdebstrap --customize-hook for the e2e guest's cached rootfs: what every run shares.
# This file is part of the cache key (Tests/e2e/rootfs.sh): edit it and the next run
# builds a fresh rootfs.
set -eu
root="$1"

echo vitrine-e2e >"$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 vitrine-e2e\n' >"$root/etc/hosts"
echo "/dev/vda / ext4 rw,errors=remount-ro 0 1" >"$root/etc/fstab"

# The login prompt on tty1 stays, as on a panel installed from Debian: the DRM kiosk
# covers it as DRM master, the fbdev kiosk takes tty1 over (systemd/vitrine-fbdev.conf,
# Conflicts=getty@tty1.service). No getty on the serial ports: ttyS0 is the kernel
# console, thrown away by the host; ttyS1 carries the results.
for unit in serial-getty@ttyS0.service serial-getty@ttyS1.service; do
    ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
# Timers that would start work in the middle of a measurement.
for unit in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer; do
    ln -sf /dev/null "$root/etc/systemd/system/$unit"
done

# The journal in memory only (nothing to keep on a throw-away disk), and a few seconds
# less at shutdown.
mkdir -p "$root/etc/systemd/journald.conf.d" "$root/etc/systemd/system.conf.d"
printf '[Journal]\nStorage=volatile\n' >"$root/etc/systemd/journald.conf.d/e2e.conf"
printf '[Manager]\nDefaultTimeoutStopSec=10s\n' >"$root/etc/systemd/system.conf.d/e2e.conf"

# seatd (for the cage check) only when something needs it: its package enables
# seatd.service, which the cage unit pulls in with Requires= (the other checks boot
# without it, as before).
rm -f "$root/etc/systemd/system/multi-user.target.wants/seatd.service"
