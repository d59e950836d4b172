// The test's commands, one a line, read from a FIFO the fake makes (`--control PATH`);
// each is answered `did COMMAND` on stdout once done:
//
//   configure W H     a configure of W x H to the latest toplevel
//   storm N W H       N configures, one every 10 ms, the last W x H (shell.c's sizes before)
//   tap X Y           a touch down and up at surface point (X, Y) of the latest surface
//   bare-tap X Y      the same without wl_touch.frame events (as cage 0.1.4 sends it)
//   click X Y         the pointer enters there, its left button pressed and released
//   touch-down ID X Y touch point ID down at (X, Y) (and a frame), left down
//   touch-move ID X Y touch point ID moved to (X, Y) (and a frame)
//   touch-up ID       touch point ID up (and a frame)
//   touch-cancel      wl_touch.cancel: every touch point taken back
//   caps N            every bound wl_seat announces capabilities N (1 pointer, 4 touch)
//   seat-remove       the wl_seat global removed (the seat unplugged)
//   seat-add          a wl_seat global announced again
//   close             xdg_toplevel.close
//   ping SERIAL       xdg_wm_base.ping (the client answers `pong SERIAL`)
//   error             wl_surface error 2 (invalid size) on the latest surface
//   release           releases every buffer held
//   frame             answers every frame callback committed
//   check             checks the held buffers' pixels, then `stats`
//   disconnect        disconnects every client
//   quit              stops the compositor (its socket goes too)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fake.h"
#include "xdg-shell-server-protocol.h"

static char line[4096];
static size_t used;

void stats(void) {
    say("stats pools=%d buffers=%d live=%d live_max=%d commits=%d releases=%d frames=%d violations=%d", fake.pools,
        fake.buffers_made, fake.buffers_live, fake.buffers_live_max, fake.commits, fake.releases, fake.frames_done,
        fake.violations);
}

static void command(char *text) {
    struct fake_surface *s = latest_surface();
    int w = 0, h = 0, n = 0;
    if (sscanf(text, "configure %d %d", &w, &h) == 2) {
        send_configure(s, w, h);
    } else if (sscanf(text, "storm %d %d %d", &n, &w, &h) == 3) {
        start_storm(n, w, h);
    } else if (sscanf(text, "tap %d %d", &w, &h) == 2) {
        seat_tap(s, w, h, true);
    } else if (sscanf(text, "bare-tap %d %d", &w, &h) == 2) {
        seat_tap(s, w, h, false);
    } else if (sscanf(text, "click %d %d", &w, &h) == 2) {
        seat_click(s, w, h);
    } else if (sscanf(text, "touch-down %d %d %d", &n, &w, &h) == 3) {
        seat_touch(s, 'd', n, w, h);
    } else if (sscanf(text, "touch-move %d %d %d", &n, &w, &h) == 3) {
        seat_touch(s, 'm', n, w, h);
    } else if (sscanf(text, "touch-up %d", &n) == 1) {
        seat_touch(s, 'u', n, 0, 0);
    } else if (strcmp(text, "touch-cancel") == 0) {
        seat_touch(s, 'c', 0, 0, 0);
    } else if (sscanf(text, "caps %d", &n) == 1) {
        seat_capabilities((uint32_t)n);
    } else if (strcmp(text, "seat-remove") == 0) {
        seat_remove();
    } else if (strcmp(text, "seat-add") == 0) {
        seat_add();
    } else if (strcmp(text, "close") == 0) {
        if (s && s->toplevel) xdg_toplevel_send_close(s->toplevel);
        say("close sent");
    } else if (strcmp(text, "error") == 0) {
        if (s) wl_resource_post_error(s->surface, WL_SURFACE_ERROR_INVALID_SIZE, "fake: buffer size is invalid");
        say("error sent");
    } else if (sscanf(text, "ping %d", &n) == 1) {
        if (fake.wm_base) xdg_wm_base_send_ping(fake.wm_base, (uint32_t)n);
    } else if (strcmp(text, "release") == 0) {
        release_held();
    } else if (strcmp(text, "frame") == 0) {
        answer_frames();
    } else if (strcmp(text, "check") == 0) {
        check_held();
        stats();
    } else if (strcmp(text, "disconnect") == 0) {
        struct wl_list *clients = wl_display_get_client_list(fake.display);
        struct wl_list *link;
        for (link = clients->next; link != clients; link = link->next) disconnect_later(wl_client_from_link(link));
    } else if (strcmp(text, "quit") == 0) {
        wl_display_terminate(fake.display);
    } else {
        say("unknown command %s", text);
        return;
    }
    say("did %s", text);
}

static int readable(int fd, uint32_t mask, void *data) {
    (void)mask, (void)data;
    for (;;) {
        ssize_t n = read(fd, line + used, sizeof line - 1 - used);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        used += (size_t)n;
        char *end;
        while ((end = memchr(line, '\n', used))) {
            *end = 0;
            command(line);
            size_t rest = used - (size_t)(end + 1 - line);
            memmove(line, end + 1, rest);
            used = rest;
        }
        if (used == sizeof line - 1) used = 0;  // a line too long: dropped
    }
    return 0;
}

int control_open(const char *path) {
    unlink(path);
    if (mkfifo(path, 0600) != 0) {
        fprintf(stderr, "WaylandFake: mkfifo %s: %s\n", path, strerror(errno));
        return -1;
    }
    // Read and write: a writer closing never leaves the FIFO at end of file.
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "WaylandFake: open %s: %s\n", path, strerror(errno));
        return -1;
    }
    wl_event_loop_add_fd(fake.loop, fd, WL_EVENT_READABLE, readable, NULL);
    return 0;
}
