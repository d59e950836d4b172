#!/usr/bin/env bash
# Tests/e2e/rootfs.sh CACHE: prints the path of the e2e guest's Debian 12 root file
# system, building it first (mmdebstrap, about 100-150 s and 900 MB) unless CACHE holds
# one built from the same package list, suite, mirrors and customize hook. Runs as root
# (mmdebstrap's root mode: the tree must hold root-owned files for mke2fs -d).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="$1"

suite=bookworm
mirror="${VITRINE_E2E_MIRROR:-http://deb.debian.org/debian}"
security="${VITRINE_E2E_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
# The guest: systemd with udev and kmod, Debian's kernel (bochs, virtio-gpu and fbdev
# emulation are modules there) and its initramfs, what the static vitrine binary links
# dynamically (check with `ldd .build-static/release/vitrine`: libspng, libturbojpeg,
# freetype, harfbuzz, fontconfig, libdrm, libinput, libudev, libwayland-client), its font, the input
# tools of the VM recipe (libinput list-devices, evemu-device), and the kiosk compositor
# of the cage check: cage 0.1.4 (wlroots 0.15), seatd (its seatd.service gives the video
# group the seat: cage 0.1.4 refuses to run as root) and xwayland (never started, but
# Debian's cage exits at start without the binary: "Cannot find Xwayland binary").
packages=(
    systemd-sysv udev kmod linux-image-amd64 initramfs-tools
    libdrm2 libinput10 libudev1 libspng0 libturbojpeg0 libfreetype6 libharfbuzz0b libfontconfig1 libwayland-client0 fonts-dejavu-core
    libinput-tools evemu-tools
    cage seatd xwayland
)
sources=(
    "deb $mirror $suite main"
    "deb $mirror $suite-updates main"
    "deb $security $suite-security main"
)

key="$({
    echo "format 1"
    echo "$suite"
    printf '%s\n' "${packages[@]}" "${sources[@]}"
    cat "$here/rootfs-customize.sh"
} | sha256sum | cut -c1-16)"
target="$cache/rootfs-$key"

mkdir -p "$cache"
exec 9>"$cache/lock"
# One builder at a time; a second run waits (at most 15 minutes) and then reuses it.
flock -w 900 9 || { echo "rootfs: $cache/lock held for 15 minutes" >&2; exit 1; }

if [ -f "$target/.complete" ]; then
    echo "rootfs: cached $target" >&2
    echo "$target"
    exit 0
fi

# Older keys: a rootfs is 900 MB, keep only the current one.
for old in "$cache"/rootfs-*; do
    [ -e "$old" ] && [ "$old" != "$target" ] && { echo "rootfs: removing $old" >&2; rm -rf "$old"; }
done

echo "rootfs: building $target (mmdebstrap, $suite)" >&2
start=$(date +%s)
tmp="$target.tmp"
rm -rf "$tmp"
include="$(IFS=,; echo "${packages[*]}")"
# No manuals, documentation or translations: a smaller tree, a faster mke2fs -d.
# stdin from /dev/null: without a tty on stdin mmdebstrap would read sources from it.
timeout 1200 mmdebstrap --variant=minbase --mode=root \
    --include="$include" \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --customize-hook="sh '$here/rootfs-customize.sh' \"\$1\"" \
    "$suite" "$tmp" "${sources[@]}" </dev/null >&2
ls "$tmp"/boot/vmlinuz-* "$tmp"/boot/initrd.img-* >/dev/null
touch "$tmp/.complete"
mv "$tmp" "$target"
echo "rootfs: built in $(($(date +%s) - start)) s, $(du -sh "$target" | cut -f1)" >&2
echo "$target"
