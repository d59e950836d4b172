#!/usr/bin/env python3
"""The kiosk's control socket without `vitrine ctl`, for the rotation checks of
Tests/e2e (guest/vitrine-e2e). The protocol (Sources/Runtime/Loop/ControlServer.swift):
one command line per connection, the reply's lines, then the kiosk closes it.

  ctlsock.py SOCKET send LINE...
      each LINE on its own connection, one after the other; prints one line per command:
      `<LINE> -> <reply lines joined by |>` (or `-> NO REPLY: why`).
  ctlsock.py SOCKET burst N SECONDS LAST WORD...
      N `rotate` commands spread evenly over SECONDS: `rotate WORD` cycling through the
      WORDs, the last one `rotate LAST`. One `vitrine ctl` process each would take far
      longer than the burst under TCG, so this writes them itself: each on a connection
      of its own, written as soon as it is connected, the replies read only once every
      command is out (a reply waited for would pace the burst by the kiosk's frames).
      Prints `sent=N seconds=S answered=A ok=K errors=E noreply=M last=<reply of the
      last> mismatched=<replies that name another angle than asked> failures=<why some
      got no reply> first_us=<CLOCK_MONOTONIC of the first command's connect, us>
      last_us=<of the last command written>`.
Exit 0 when every command was answered (whatever the answer), 1 otherwise.
Python standard library only (python3 is in the guest as libinput-tools' dependency).
"""

import socket
import sys
import time

# A hang bound for each reply, from the moment the last command went out.
REPLY_TIMEOUT = 15.0


def read_reply(s, deadline):
    data = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no whole reply within %.0f s" % REPLY_TIMEOUT)
        s.settimeout(left)
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    if not data:
        raise ConnectionError("closed without a reply")
    return data.decode("utf-8", "replace").rstrip("\n").split("\n")


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    # A kiosk whose backlog is full keeps connect waiting: bounded.
    s.settimeout(REPLY_TIMEOUT)
    s.connect(path)
    return s


def send(path, lines):
    everything = True
    for line in lines:
        try:
            s = connect(path)
            s.sendall(line.encode() + b"\n")
            reply = read_reply(s, time.monotonic() + REPLY_TIMEOUT)
            s.close()
            print("%s -> %s" % (line, "|".join(reply)))
        except (OSError, TimeoutError, ConnectionError) as e:
            everything = False
            print("%s -> NO REPLY: %s" % (line, e))
    return everything


def burst(path, n, seconds, last, words):
    asked = [words[i % len(words)] for i in range(n - 1)] + [last]
    open_sockets = []
    start = time.monotonic()  # CLOCK_MONOTONIC: the clock of the driver's now_us
    last_sent = start
    failed = []
    for i, word in enumerate(asked):
        due = start + seconds * i / max(1, n - 1)
        pause = due - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        try:
            s = connect(path)
            s.sendall(("rotate %s\n" % word).encode())
            last_sent = time.monotonic()
            open_sockets.append((word, s))
        except OSError as e:
            failed.append("%s: %s" % (word, e))
            open_sockets.append((word, None))
    took = time.monotonic() - start
    deadline = time.monotonic() + REPLY_TIMEOUT
    ok = errors = noreply = 0
    mismatched = []
    last_reply = ""
    for word, s in open_sockets:
        if s is None:
            noreply += 1
            last_reply = "NOT SENT"
            continue
        try:
            reply = "|".join(read_reply(s, deadline))
        except (OSError, TimeoutError, ConnectionError) as e:
            noreply += 1
            failed.append("%s: %s" % (word, e))
            last_reply = "NO REPLY"
            continue
        finally:
            s.close()
        last_reply = reply
        if reply.startswith("ok"):
            ok += 1
            # `auto` is the board's mount (0 on the e2e boards).
            want = "ok rotation=%s" % ("0" if word == "auto" else word)
            if reply != want:
                mismatched.append("%s:%s" % (word, reply))
        else:
            errors += 1
    print("sent=%d seconds=%.3f answered=%d ok=%d errors=%d noreply=%d last=%s mismatched=%s failures=%s first_us=%d last_us=%d" % (
        n, took, ok + errors, ok, errors, noreply, last_reply.replace(" ", "_"),
        ",".join(m.replace(" ", "_") for m in mismatched) or "none",
        ";".join(f.replace(" ", "_") for f in failed[:5]) or "none", int(start * 1e6), int(last_sent * 1e6)))
    return noreply == 0


def main(argv):
    if len(argv) >= 4 and argv[2] == "send":
        return 0 if send(argv[1], argv[3:]) else 1
    if len(argv) >= 7 and argv[2] == "burst":
        return 0 if burst(argv[1], int(argv[3]), float(argv[4]), argv[5], argv[6:]) else 1
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
