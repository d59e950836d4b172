// Tests/soak/leak.c: a deliberate leak for `Tests/soak/run --inject-leak`, preloaded into
// the kiosk (LD_PRELOAD) to prove the soak catches a real one end to end. poll() is
// wrapped: each call (the kiosk's loop wakes once a frame while the tour moves) leaks
// VITRINE_SOAK_LEAK_BYTES of heap, written so the pages are resident (default 4096),
// and every VITRINE_SOAK_LEAK_FD_EVERY-th call leaks a descriptor (default 600, about
// one every 10-20 s). Never part of the kiosk.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int (*real_poll)(struct pollfd *, nfds_t, int);
static unsigned long calls;
// Every leaked block, chained through its first word: reachable, so the compiler
// cannot drop the malloc and memset as unused.
static void *volatile leaked;
static long leak_bytes = -1;
static long fd_every = -1;

static long setting(const char *name, long fallback) {
    const char *text = getenv(name);
    return text && *text ? atol(text) : fallback;
}

int poll(struct pollfd *fds, nfds_t n, int timeout) {
    if (!real_poll) real_poll = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    if (leak_bytes < 0) {
        leak_bytes = setting("VITRINE_SOAK_LEAK_BYTES", 4096);
        fd_every = setting("VITRINE_SOAK_LEAK_FD_EVERY", 600);
    }
    calls++;
    if (leak_bytes > 0) {
        size_t n = (size_t)leak_bytes < sizeof(void *) ? sizeof(void *) : (size_t)leak_bytes;
        void **p = malloc(n);
        if (p) {
            memset(p, 0x5a, n);
            *p = leaked;
            leaked = p;
        }
    }
    if (fd_every > 0 && calls % (unsigned long)fd_every == 0) (void)open("/dev/null", O_RDONLY);
    return real_poll(fds, n, timeout);
}
