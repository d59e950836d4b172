// The fake's wl_seat: touch and pointer, so a test can touch the client's window through
// the protocol (commands `tap X Y`, `touch-down ID X Y` and the rest, and `click X Y`,
// surface coordinates, on the latest surface), and the seat changing under the client (`caps N`: the capabilities it
// announces now; `seat-remove` and `seat-add`: the seat unplugged and plugged back, a new
// global each time). Keyboards are handed out and never used.
#include <string.h>
#include <time.h>
#include "fake.h"

static struct wl_list touches;    // wl_touch resources (wl_resource_get_link)
static struct wl_list pointers;   // wl_pointer resources
static struct wl_list seats;      // wl_seat resources
static struct wl_global *global;  // the seat's global; NULL while removed

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

static void resource_release(struct wl_client *c, struct wl_resource *r) {
    (void)c;
    wl_resource_destroy(r);
}

static void unlink_resource(struct wl_resource *r) { wl_list_remove(wl_resource_get_link(r)); }

static const struct wl_touch_interface touch_implementation = {.release = resource_release};

static void pointer_set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t serial, struct wl_resource *s,
                               int32_t x, int32_t y) {
    (void)c, (void)r, (void)serial, (void)s, (void)x, (void)y;
}

static const struct wl_pointer_interface pointer_implementation = {
    .set_cursor = pointer_set_cursor, .release = resource_release};
static const struct wl_keyboard_interface keyboard_implementation = {.release = resource_release};

static void get_touch(struct wl_client *c, struct wl_resource *seat, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wl_touch_interface, wl_resource_get_version(seat), id);
    wl_resource_set_implementation(r, &touch_implementation, NULL, unlink_resource);
    wl_list_insert(&touches, wl_resource_get_link(r));
    say("seat get_touch");
}

static void get_pointer(struct wl_client *c, struct wl_resource *seat, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wl_pointer_interface, wl_resource_get_version(seat), id);
    wl_resource_set_implementation(r, &pointer_implementation, NULL, unlink_resource);
    wl_list_insert(&pointers, wl_resource_get_link(r));
    say("seat get_pointer");
}

static void get_keyboard(struct wl_client *c, struct wl_resource *seat, uint32_t id) {
    struct wl_resource *r = wl_resource_create(c, &wl_keyboard_interface, wl_resource_get_version(seat), id);
    wl_resource_set_implementation(r, &keyboard_implementation, NULL, NULL);
}

static const struct wl_seat_interface seat_implementation = {
    .get_pointer = get_pointer, .get_keyboard = get_keyboard, .get_touch = get_touch, .release = resource_release};

static void seat_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    struct wl_resource *r = wl_resource_create(client, &wl_seat_interface, (int)version, id);
    wl_resource_set_implementation(r, &seat_implementation, NULL, unlink_resource);
    wl_list_insert(&seats, wl_resource_get_link(r));
    say("bind wl_seat %u", version);
    wl_seat_send_capabilities(r, WL_SEAT_CAPABILITY_TOUCH | WL_SEAT_CAPABILITY_POINTER);
    if (version >= 2) wl_seat_send_name(r, "fake-seat");
}

void seat_create(void) {
    wl_list_init(&touches);
    wl_list_init(&pointers);
    wl_list_init(&seats);
    seat_add();
}

/// The seat's global announced (again): clients bind it anew.
void seat_add(void) {
    if (!global) global = wl_global_create(fake.display, &wl_seat_interface, 5, NULL, seat_bind);
}

/// The seat's global taken away (wl_registry.global_remove), as when a compositor's seat
/// goes; the clients' bound seats stay until they release them.
void seat_remove(void) {
    if (global) wl_global_destroy(global);
    global = NULL;
}

/// Every bound seat announces capabilities `caps` (WL_SEAT_CAPABILITY_*: 1 pointer, 2
/// keyboard, 4 touch): a touchscreen or mouse unplugged or plugged in.
void seat_capabilities(uint32_t caps) {
    struct wl_resource *r;
    wl_resource_for_each(r, &seats) wl_seat_send_capabilities(r, caps);
}

/// Touch point `id` down at (x, y) on `s`, moved there, or up (`kind` 'd', 'm', 'u'), or
/// every touch point cancelled (`kind` 'c': wl_touch.cancel, no frame), each followed by
/// its frame.
void seat_touch(struct fake_surface *s, char kind, int id, double x, double y) {
    if (!s) return;
    struct wl_resource *r;
    wl_resource_for_each(r, &touches) {
        if (wl_resource_get_client(r) != s->client) continue;
        uint32_t t = now_ms();
        switch (kind) {
        case 'd':
            wl_touch_send_down(r, ++fake.serial, t, s->surface, id, wl_fixed_from_double(x), wl_fixed_from_double(y));
            break;
        case 'm': wl_touch_send_motion(r, t, id, wl_fixed_from_double(x), wl_fixed_from_double(y)); break;
        case 'u': wl_touch_send_up(r, ++fake.serial, t, id); break;
        case 'c': wl_touch_send_cancel(r); continue;
        }
        wl_touch_send_frame(r);
    }
}

/// A finger down at (x, y) on `s` and up 50 ms later (a frame after each when `frames`;
/// without, as cage 0.1.4 relays touch: down and up only).
void seat_tap(struct fake_surface *s, double x, double y, bool frames) {
    if (!s) return;
    struct wl_resource *r;
    wl_resource_for_each(r, &touches) {
        if (wl_resource_get_client(r) != s->client) continue;
        uint32_t t = now_ms();
        wl_touch_send_down(r, ++fake.serial, t, s->surface, 0, wl_fixed_from_double(x), wl_fixed_from_double(y));
        if (frames) wl_touch_send_frame(r);
        wl_touch_send_up(r, ++fake.serial, t + 50, 0);
        if (frames) wl_touch_send_frame(r);
    }
}

/// The pointer enters at (x, y) on `s`, and its left button is pressed and released.
void seat_click(struct fake_surface *s, double x, double y) {
    if (!s) return;
    struct wl_resource *r;
    wl_resource_for_each(r, &pointers) {
        if (wl_resource_get_client(r) != s->client) continue;
        uint32_t t = now_ms();
        wl_pointer_send_enter(r, ++fake.serial, s->surface, wl_fixed_from_double(x), wl_fixed_from_double(y));
        if (wl_resource_get_version(r) >= 5) wl_pointer_send_frame(r);
        wl_pointer_send_button(r, ++fake.serial, t, 0x110, WL_POINTER_BUTTON_STATE_PRESSED);
        if (wl_resource_get_version(r) >= 5) wl_pointer_send_frame(r);
        wl_pointer_send_button(r, ++fake.serial, t + 50, 0x110, WL_POINTER_BUTTON_STATE_RELEASED);
        if (wl_resource_get_version(r) >= 5) wl_pointer_send_frame(r);
    }
}
