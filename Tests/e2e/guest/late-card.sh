#!/bin/bash
# Tests/e2e, machines whose /etc/vitrine-e2e/checks says "latecard" (std-vga): the display
# driver loaded late. The machine boots with bochs blacklisted (modprobe.blacklist=bochs
# on the kernel's command line: udev's coldplug does not load it), so vitrine.service
# starts with no /dev/dri/card0; this waits until the kiosk has been exec'd, then LATE_S
# seconds more, and loads bochs by name (the blacklist only stops loading by alias).
# Says "CARD load" on /dev/ttyS1 just before (the host screendumps fast from there), and
# leaves /run/vitrine-e2e/late-card.facts (key=value, times CLOCK_MONOTONIC us) for the
# driver: the kiosk's exec, what systemd said of the unit while it waited, the load.
LATE_S=${LATE_S:-20}
facts=/run/vitrine-e2e/late-card.facts
mkdir -p /run/vitrine-e2e
now_us() { awk '/^now at/ { print int($3 / 1000); exit }' /proc/timer_list; }
stty -F /dev/ttyS1 115200 raw -echo 2>/dev/null
# The kiosk's exec (systemd's own timestamp): at most 120 s from here (a hang bound).
exec_us=0
for ((i = 0; i < 1200; i++)); do
    exec_us=$(systemctl show vitrine -p ExecMainStartTimestampMonotonic --value)
    [ -n "$exec_us" ] && [ "$exec_us" != 0 ] && break
    sleep 0.1
done
{
    echo "exec_us=$exec_us"
    echo "card_at_exec=$(ls /dev/dri 2>/dev/null | tr '\n' ' ')"
    echo "bochs_at_exec=$(grep -c '^bochs ' /proc/modules)"
} >"$facts"
# LATE_S seconds after the exec.
while [ $(($(now_us) - exec_us)) -lt $((LATE_S * 1000000)) ]; do sleep 0.2; done
{
    echo "before_load_us=$(now_us)"
    echo "state_before=$(systemctl show vitrine -p ActiveState --value)/$(systemctl show vitrine -p SubState --value)"
    echo "restarts_before=$(systemctl show vitrine -p NRestarts --value)"
    echo "pid_before=$(systemctl show vitrine -p MainPID --value)"
    echo "status_before=$(systemctl show vitrine -p StatusText --value)"
    echo "dri_before=$(ls /dev/dri 2>/dev/null | tr '\n' ' ')"
} >>"$facts"
echo "CARD load" >/dev/ttyS1
load_us=$(now_us)
modprobe bochs
rc=$?
echo "load_us=$load_us" >>"$facts"
echo "load_rc=$rc" >>"$facts"
echo "loaded_us=$(now_us)" >>"$facts"
for ((i = 0; i < 300; i++)); do [ -e /dev/dri/card0 ] && break; sleep 0.05; done
echo "card_us=$(now_us)" >>"$facts"
echo "done=1" >>"$facts"
