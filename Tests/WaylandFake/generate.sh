#!/bin/sh
# Regenerates the fake compositor's xdg-shell glue (the server side) from Debian 12's
# wayland-protocols with wayland-scanner (libwayland-bin). The output is committed;
# WaylandTests checks that running this again changes nothing.
# Usage: generate.sh [OUTDIR] (default: beside this file).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
mkdir -p "$out/include"
wayland-scanner server-header "$protocols/stable/xdg-shell/xdg-shell.xml" "$out/include/xdg-shell-server-protocol.h"
wayland-scanner private-code "$protocols/stable/xdg-shell/xdg-shell.xml" "$out/xdg-shell-protocol.c"
