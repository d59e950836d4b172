// The fake compositor's command line, globals and event loop.
//
//   WaylandFake --socket NAME [--control FIFO] [--no GLOBAL]... [--size WxH]
//               [--scale N] [--release prompt|immediate|manual] [--frames prompt|manual|damage]
//               [--disconnect-at registry|bind|toplevel|configure|commit]
//               [--error-at-commit N] [--times]
//
// --socket      the socket's name under XDG_RUNTIME_DIR (or an absolute path)
// --control     a FIFO it makes and reads commands from, one a line (control.c)
// --no          a global it does not offer: wl_compositor, wl_shm, xdg_wm_base, wl_output
// --size        the first configure's size, surface points (default 0x0: the client's)
// --scale       the wl_output's scale (default 1)
// --release     when buffers are released (fake.h, enum release_mode; default prompt)
// --frames      when frame callbacks are answered (default prompt: 16 ms after a commit;
//               damage: 16 ms after a commit with damage, as cage 0.1.4)
// --disconnect-at  the startup stage after which the client is disconnected
// --error-at-commit  posts wl_surface error 2 (invalid size) at the Nth buffer commit
// --times       each line after CLOCK_MONOTONIC milliseconds (for measuring by hand)
//
// Lines on stdout: `ready`, `client`, `client gone`, `registry`, `bind IFACE VERSION`,
// `surface ID`, `toplevel`, `title T`, `app_id A`, `fullscreen`, `configure SERIAL WxH`,
// `ack SERIAL WxH`, `pool`, `buffer+ N`, `buffer- N [held]`, `commit N WxH scale S
// damage D` (N: the buffer, numbered from 1 as made; D: damage_buffer rectangles),
// `commit 0 detached`, `commit none damage D`, `release N`, `done` (frame callbacks
// answered), `pong SERIAL`, `close sent`, `error sent`, `disconnect`, `storm done WxH`,
// `stats ...`, `violation KIND: ...`, `did COMMAND`.
//
// Violations (what a compositor could catch its client doing; the stale size is
// stricter than xdg-shell, which lets a window be smaller than configured, because
// Vitrine promises to draw at exactly the size acked): `held-attach` (a buffer attached
// again before its release), `held-write` (a held buffer's pixels changed: checked at
// every commit, before each release and on `check`), `unconfigured` (a buffer before
// any ack), `stale-size` (a buffer whose size in points is not the last acked configure's,
// when that was not 0x0).
#define _GNU_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "fake.h"
#include "xdg-shell-server-protocol.h"

struct fake fake;

/// Prints each line after CLOCK_MONOTONIC milliseconds (`--times`, for measuring by hand).
static bool times;

static void stamp(void) {
    if (!times) return;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    printf("%.3f ", (double)t.tv_sec * 1000 + (double)t.tv_nsec / 1e6);
}

void say(const char *format, ...) {
    stamp();
    va_list ap;
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

void violation(const char *format, ...) {
    fake.violations++;
    stamp();
    va_list ap;
    va_start(ap, format);
    printf("violation ");
    vprintf(format, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static void destroy_client(void *data) {
    struct wl_client *client = data;
    // Still connected? (it may have gone on its own since)
    struct wl_list *clients = wl_display_get_client_list(fake.display);
    struct wl_list *link;
    for (link = clients->next; link != clients; link = link->next) {
        if (wl_client_from_link(link) == client) {
            say("disconnect");
            wl_client_destroy(client);
            return;
        }
    }
}

void disconnect_later(struct wl_client *client) {
    fake.doomed = client;
    wl_event_loop_add_idle(fake.loop, destroy_client, client);
}

void stage_reached(struct wl_client *client, enum stage reached) {
    if (fake.disconnect_at == reached) disconnect_later(client);
}

// MARK: wl_output

static void output_release(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static const struct wl_output_interface output_implementation = {.release = output_release};

static void output_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    struct wl_resource *r = wl_resource_create(client, &wl_output_interface, (int)version, id);
    wl_resource_set_implementation(r, &output_implementation, NULL, NULL);
    say("bind wl_output %u", version);
    wl_output_send_geometry(r, 0, 0, 155, 87, WL_OUTPUT_SUBPIXEL_UNKNOWN, "Fake", "Fake", WL_OUTPUT_TRANSFORM_NORMAL);
    wl_output_send_mode(r, WL_OUTPUT_MODE_CURRENT | WL_OUTPUT_MODE_PREFERRED, 800, 480, 60000);
    if (version >= 2) {
        wl_output_send_scale(r, fake.output_scale);
        wl_output_send_done(r);
    }
}

// MARK: clients and their resources

static void resource_created(struct wl_listener *listener, void *data) {
    (void)listener;
    struct wl_resource *resource = data;
    const char *class = wl_resource_get_class(resource);
    if (strcmp(class, "wl_registry") == 0) {
        say("registry");
        stage_reached(wl_resource_get_client(resource), STAGE_REGISTRY);
    } else if (strcmp(class, "wl_shm_pool") == 0) {
        fake.pools++;
        say("pool");
    } else if (strcmp(class, "wl_buffer") == 0) {
        buffer_created(resource);
    }
}

/// A client's listeners, freed when it goes.
struct client_listeners {
    struct wl_listener created;
    struct wl_listener destroyed;
};

static void client_destroyed(struct wl_listener *listener, void *data) {
    struct client_listeners *l = wl_container_of(listener, l, destroyed);
    if (fake.doomed == data) fake.doomed = NULL;
    say("client gone");
    wl_list_remove(&l->created.link);
    wl_list_remove(&l->destroyed.link);
    free(l);
}

static void client_created(struct wl_listener *listener, void *data) {
    (void)listener;
    struct wl_client *client = data;
    say("client");
    struct client_listeners *l = calloc(1, sizeof *l);
    l->created.notify = resource_created;
    wl_client_add_resource_created_listener(client, &l->created);
    l->destroyed.notify = client_destroyed;
    wl_client_add_destroy_listener(client, &l->destroyed);
}

static struct wl_listener client_listener = {.notify = client_created};

// MARK: the loop

static int terminate(int signal, void *data) {
    (void)signal;
    (void)data;
    wl_display_terminate(fake.display);
    return 0;
}

static int repaint(void *data) {
    (void)data;
    fake.repaint_armed = false;
    if (fake.frames != FRAMES_MANUAL) answer_frames();
    return 0;
}

static void usage(const char *why) {
    fprintf(stderr, "WaylandFake: %s\n", why);
    exit(64);
}

static enum stage stage_named(const char *s) {
    if (strcmp(s, "registry") == 0) return STAGE_REGISTRY;
    if (strcmp(s, "bind") == 0) return STAGE_BIND;
    if (strcmp(s, "toplevel") == 0) return STAGE_TOPLEVEL;
    if (strcmp(s, "configure") == 0) return STAGE_CONFIGURE;
    if (strcmp(s, "commit") == 0) return STAGE_COMMIT;
    usage("--disconnect-at: registry, bind, toplevel, configure or commit");
    return STAGE_NONE;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGPIPE, SIG_IGN);
    const char *socket = NULL, *control = NULL;
    fake.offer_compositor = fake.offer_shm = fake.offer_wm_base = fake.offer_output = true;
    fake.output_scale = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--times") == 0) {
            times = true;
            continue;
        }
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) usage("every option takes a value");
        i++;
        if (strcmp(a, "--socket") == 0) {
            socket = v;
        } else if (strcmp(a, "--control") == 0) {
            control = v;
        } else if (strcmp(a, "--no") == 0) {
            if (strcmp(v, "wl_compositor") == 0) fake.offer_compositor = false;
            else if (strcmp(v, "wl_shm") == 0) fake.offer_shm = false;
            else if (strcmp(v, "xdg_wm_base") == 0) fake.offer_wm_base = false;
            else if (strcmp(v, "wl_output") == 0) fake.offer_output = false;
            else usage("--no: wl_compositor, wl_shm, xdg_wm_base or wl_output");
        } else if (strcmp(a, "--size") == 0) {
            if (sscanf(v, "%dx%d", &fake.first_width, &fake.first_height) != 2) usage("--size WxH");
        } else if (strcmp(a, "--scale") == 0) {
            fake.output_scale = atoi(v);
        } else if (strcmp(a, "--release") == 0) {
            if (strcmp(v, "prompt") == 0) fake.release = RELEASE_PROMPT;
            else if (strcmp(v, "immediate") == 0) fake.release = RELEASE_IMMEDIATE;
            else if (strcmp(v, "manual") == 0) fake.release = RELEASE_MANUAL;
            else usage("--release: prompt, immediate or manual");
        } else if (strcmp(a, "--frames") == 0) {
            if (strcmp(v, "prompt") == 0) fake.frames = FRAMES_PROMPT;
            else if (strcmp(v, "manual") == 0) fake.frames = FRAMES_MANUAL;
            else if (strcmp(v, "damage") == 0) fake.frames = FRAMES_DAMAGE;
            else usage("--frames: prompt, manual or damage");
        } else if (strcmp(a, "--disconnect-at") == 0) {
            fake.disconnect_at = stage_named(v);
        } else if (strcmp(a, "--error-at-commit") == 0) {
            fake.error_at_commit = atoi(v);
        } else {
            usage(a);
        }
    }
    if (!socket) usage("--socket NAME");

    fake.display = wl_display_create();
    fake.loop = wl_display_get_event_loop(fake.display);
    wl_list_init(&fake.surfaces);
    wl_list_init(&fake.buffers);
    if (wl_display_add_socket(fake.display, socket) != 0) {
        fprintf(stderr, "WaylandFake: can't listen on %s\n", socket);
        return 69;
    }
    wl_display_add_client_created_listener(fake.display, &client_listener);
    // Globals in the order a compositor usually announces them.
    if (fake.offer_compositor) wl_global_create(fake.display, &wl_compositor_interface, 4, NULL, compositor_bind);
    if (fake.offer_shm) {
        wl_display_init_shm(fake.display);  // argb8888 and xrgb8888
        wl_display_add_shm_format(fake.display, WL_SHM_FORMAT_RGB565);
    }
    if (fake.offer_wm_base) wl_global_create(fake.display, &xdg_wm_base_interface, 2, NULL, wm_base_bind);
    if (fake.offer_output) wl_global_create(fake.display, &wl_output_interface, 2, NULL, output_bind);
    seat_create();
    fake.repaint = wl_event_loop_add_timer(fake.loop, repaint, NULL);
    wl_event_loop_add_signal(fake.loop, SIGTERM, terminate, NULL);
    wl_event_loop_add_signal(fake.loop, SIGINT, terminate, NULL);
    if (control && control_open(control) != 0) return 1;
    say("ready");
    wl_display_run(fake.display);
    stats();
    wl_display_destroy_clients(fake.display);
    wl_display_destroy(fake.display);
    return 0;
}
