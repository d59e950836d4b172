#!/bin/sh
# Regenerates the Wayland protocols' C glue from Debian 12's wayland-protocols with
# wayland-scanner (libwayland-bin). The output is committed; WaylandTests checks that
# running this again changes nothing. Usage: generate.sh [OUTDIR] (default: beside this file).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
mkdir -p "$out/include"
for p in stable/xdg-shell/xdg-shell stable/presentation-time/presentation-time; do
    name=$(basename "$p")
    wayland-scanner client-header "$protocols/$p.xml" "$out/include/$name-client-protocol.h"
    wayland-scanner private-code "$protocols/$p.xml" "$out/$name-protocol.c"
done
