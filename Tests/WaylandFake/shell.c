// xdg_wm_base, xdg_surface and xdg_toplevel: the window's role, its configures (one at
// a time, or a storm of them on a 10 ms timer) and what the client acks.
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "fake.h"
#include "xdg-shell-server-protocol.h"

void send_configure(struct fake_surface *s, int32_t width, int32_t height) {
    // A client about to be disconnected gets no configure: the stage it is cut at is
    // the last thing it sees.
    if (!s || !s->toplevel || !s->xdg_surface || s->client == fake.doomed) return;
    struct wl_array states;
    wl_array_init(&states);
    uint32_t *state = wl_array_add(&states, sizeof *state);
    *state = XDG_TOPLEVEL_STATE_ACTIVATED;
    if (s->fullscreen) {
        state = wl_array_add(&states, sizeof *state);
        *state = XDG_TOPLEVEL_STATE_FULLSCREEN;
    }
    uint32_t serial = ++fake.serial;
    xdg_toplevel_send_configure(s->toplevel, width, height, &states);
    xdg_surface_send_configure(s->xdg_surface, serial);
    wl_array_release(&states);
    s->sent_serial = serial;
    s->sent_width = width;
    s->sent_height = height;
    s->serials[serial % 256] = serial;
    s->widths[serial % 256] = width;
    s->heights[serial % 256] = height;
    say("configure %u %dx%d", serial, width, height);
}

// MARK: a storm of configures

/// What a storm cycles through before its last size: the client's choice (0x0), too
/// small (1x1, 120x119), too large for a buffer, and ordinary sizes both ways round.
static const int32_t storm_sizes[][2] = {
    {0, 0}, {1, 1}, {640, 400}, {120, 119}, {800, 480}, {333, 222}, {1, 1},
    {0, 0}, {480, 800}, {9000, 9000}, {200, 150}, {719, 405}, {121, 121},
};

static int storm_tick(void *data) {
    (void)data;
    struct fake_surface *s = latest_surface();
    if (fake.storm_left <= 0) return 0;
    fake.storm_left--;
    if (fake.storm_left == 0) {
        send_configure(s, fake.storm_last_width, fake.storm_last_height);
        say("storm done %dx%d", fake.storm_last_width, fake.storm_last_height);
        return 0;
    }
    const int32_t *size = storm_sizes[fake.storm_index++ % (sizeof storm_sizes / sizeof storm_sizes[0])];
    send_configure(s, size[0], size[1]);
    wl_event_source_timer_update(fake.storm_timer, 10);
    return 0;
}

void start_storm(int count, int32_t last_width, int32_t last_height) {
    if (!fake.storm_timer) fake.storm_timer = wl_event_loop_add_timer(fake.loop, storm_tick, NULL);
    fake.storm_left = count;
    fake.storm_index = 0;
    fake.storm_last_width = last_width;
    fake.storm_last_height = last_height;
    storm_tick(NULL);
}

// MARK: xdg_toplevel

static void destroy_resource(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void toplevel_set_parent(struct wl_client *c, struct wl_resource *r, struct wl_resource *parent) {
    (void)c, (void)r, (void)parent;
}

static void toplevel_set_title(struct wl_client *c, struct wl_resource *r, const char *title) {
    (void)c, (void)r;
    say("title %s", title);
}

static void toplevel_set_app_id(struct wl_client *c, struct wl_resource *r, const char *app_id) {
    (void)c, (void)r;
    say("app_id %s", app_id);
}

static void toplevel_menu(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat, uint32_t serial,
                          int32_t x, int32_t y) {
    (void)c, (void)r, (void)seat, (void)serial, (void)x, (void)y;
}

static void toplevel_move(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat, uint32_t serial) {
    (void)c, (void)r, (void)seat, (void)serial;
}

static void toplevel_resize(struct wl_client *c, struct wl_resource *r, struct wl_resource *seat, uint32_t serial,
                            uint32_t edges) {
    (void)c, (void)r, (void)seat, (void)serial, (void)edges;
}

static void toplevel_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) {
    (void)c, (void)r, (void)w, (void)h;
}

static void toplevel_nothing(struct wl_client *c, struct wl_resource *r) { (void)c, (void)r; }

static void toplevel_set_fullscreen(struct wl_client *c, struct wl_resource *r, struct wl_resource *output) {
    (void)c, (void)output;
    struct fake_surface *s = wl_resource_get_user_data(r);
    if (s) s->fullscreen = true;
    say("fullscreen");
}

static void toplevel_unset_fullscreen(struct wl_client *c, struct wl_resource *r) {
    (void)c;
    struct fake_surface *s = wl_resource_get_user_data(r);
    if (s) s->fullscreen = false;
}

static const struct xdg_toplevel_interface toplevel_implementation = {
    .destroy = destroy_resource,
    .set_parent = toplevel_set_parent,
    .set_title = toplevel_set_title,
    .set_app_id = toplevel_set_app_id,
    .show_window_menu = toplevel_menu,
    .move = toplevel_move,
    .resize = toplevel_resize,
    .set_max_size = toplevel_size,
    .set_min_size = toplevel_size,
    .set_maximized = toplevel_nothing,
    .unset_maximized = toplevel_nothing,
    .set_fullscreen = toplevel_set_fullscreen,
    .unset_fullscreen = toplevel_unset_fullscreen,
    .set_minimized = toplevel_nothing,
};

static void toplevel_destroyed(struct wl_resource *resource) {
    struct fake_surface *s = wl_resource_get_user_data(resource);
    if (s) s->toplevel = NULL;
}

// MARK: xdg_surface

static void get_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct fake_surface *s = wl_resource_get_user_data(resource);
    struct wl_resource *t = wl_resource_create(client, &xdg_toplevel_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(t, &toplevel_implementation, s, toplevel_destroyed);
    if (s) s->toplevel = t;
    say("toplevel");
    stage_reached(client, STAGE_TOPLEVEL);
}

static void get_popup(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                      struct wl_resource *parent, struct wl_resource *positioner) {
    (void)client, (void)id, (void)parent, (void)positioner;
    wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "fake: no popups");
}

static void set_window_geometry(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w,
                                int32_t h) {
    (void)c, (void)r, (void)x, (void)y, (void)w, (void)h;
}

static void ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {
    (void)client;
    struct fake_surface *s = wl_resource_get_user_data(resource);
    if (!s) return;
    if (s->serials[serial % 256] != serial || serial == 0) {
        violation("ack of a configure never sent: serial %u", serial);
        return;
    }
    s->acked = true;
    s->acked_width = s->widths[serial % 256];
    s->acked_height = s->heights[serial % 256];
    say("ack %u %dx%d", serial, s->acked_width, s->acked_height);
}

static const struct xdg_surface_interface xdg_surface_implementation = {
    .destroy = destroy_resource,
    .get_toplevel = get_toplevel,
    .get_popup = get_popup,
    .set_window_geometry = set_window_geometry,
    .ack_configure = ack_configure,
};

static void xdg_surface_destroyed(struct wl_resource *resource) {
    struct fake_surface *s = wl_resource_get_user_data(resource);
    if (s) s->xdg_surface = NULL;
}

// MARK: xdg_wm_base and its positioners (which nothing here uses)

static void positioner_rect(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c, (void)r, (void)x, (void)y, (void)w, (void)h;
}
static void positioner_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) {
    (void)c, (void)r, (void)w, (void)h;
}
static void positioner_enum(struct wl_client *c, struct wl_resource *r, uint32_t v) { (void)c, (void)r, (void)v; }
static void positioner_serial(struct wl_client *c, struct wl_resource *r, uint32_t v) { (void)c, (void)r, (void)v; }

static const struct xdg_positioner_interface positioner_implementation = {
    .destroy = destroy_resource,
    .set_size = positioner_size,
    .set_anchor_rect = positioner_rect,
    .set_anchor = positioner_enum,
    .set_gravity = positioner_enum,
    .set_constraint_adjustment = positioner_enum,
    .set_offset = positioner_size,
    .set_reactive = toplevel_nothing,
    .set_parent_size = positioner_size,
    .set_parent_configure = positioner_serial,
};

static void create_positioner(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *p = wl_resource_create(client, &xdg_positioner_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(p, &positioner_implementation, NULL, NULL);
}

static void get_xdg_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                            struct wl_resource *surface) {
    struct fake_surface *s = wl_resource_get_user_data(surface);
    struct wl_resource *x = wl_resource_create(client, &xdg_surface_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(x, &xdg_surface_implementation, s, xdg_surface_destroyed);
    s->xdg_surface = x;
}

static void pong(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {
    (void)client, (void)resource;
    say("pong %u", serial);
}

static const struct xdg_wm_base_interface wm_base_implementation = {
    .destroy = destroy_resource,
    .create_positioner = create_positioner,
    .get_xdg_surface = get_xdg_surface,
    .pong = pong,
};

static void wm_base_destroyed(struct wl_resource *resource) {
    if (fake.wm_base == resource) fake.wm_base = NULL;
}

void wm_base_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    struct wl_resource *r = wl_resource_create(client, &xdg_wm_base_interface, (int)version, id);
    wl_resource_set_implementation(r, &wm_base_implementation, NULL, wm_base_destroyed);
    fake.wm_base = r;
    say("bind xdg_wm_base %u", version);
}
