// WaylandVirtualPointer: a pointer device in a wlroots compositor's default seat, for the
// tests, on a machine without /dev/input (or /dev/uinput).
//
//   WaylandVirtualPointer     (connects to WAYLAND_DISPLAY under XDG_RUNTIME_DIR)
//
// Binds zwlr_virtual_pointer_manager_v1 (wlr-protocols' wlr-virtual-pointer-unstable-v1,
// which sway 1.7 offers to every client), creates one virtual pointer with a null seat
// (the compositor's default seat), waits for a roundtrip (the compositor has then added
// the device: sway's seat gains the pointer capability), prints `ready`, and keeps the
// connection, so the device, until it is killed. The pointer itself sends nothing: the
// tests drive sway's cursor with `swaymsg 'seat - cursor set X Y'` and `press`/`release`,
// which need only a pointer device in the seat to reach the client under the cursor.
//
// Exit 1 with one line on stderr: no compositor, or none offering the manager.
//
// The protocol's XML is not in Debian 12's wayland-protocols, so its client glue (what
// wayland-scanner would make) is written out below: the two interfaces' requests, in
// the protocol's order (their opcodes), with their signatures; events, none.
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

static const struct wl_interface zwlr_virtual_pointer_v1_interface;

// The object types of the requests' arguments, by position; NULL for plain values.
static const struct wl_interface *types[] = {
    NULL, NULL, NULL, NULL, NULL,
    // create_virtual_pointer(seat, id)
    &wl_seat_interface, &zwlr_virtual_pointer_v1_interface,
    // create_virtual_pointer_with_output(seat, output, id), since version 2
    &wl_seat_interface, &wl_output_interface, &zwlr_virtual_pointer_v1_interface,
};

// zwlr_virtual_pointer_v1's requests (u: uint, f: fixed, i: int).
static const struct wl_message pointer_requests[] = {
    {"motion", "uff", types},  // time, dx, dy
    {"motion_absolute", "uuuuu", types},  // time, x, y, x_extent, y_extent
    {"button", "uuu", types},  // time, button, state
    {"axis", "uuf", types},  // time, axis, value
    {"frame", "", types},
    {"axis_source", "u", types},
    {"axis_stop", "uu", types},  // time, axis
    {"axis_discrete", "uufi", types},  // time, axis, value, discrete
    {"destroy", "", types},
};

static const struct wl_interface zwlr_virtual_pointer_v1_interface = {
    "zwlr_virtual_pointer_v1", 2, 9, pointer_requests, 0, NULL,
};

// zwlr_virtual_pointer_manager_v1's requests (?o: an object or null, n: a new id).
static const struct wl_message manager_requests[] = {
    {"create_virtual_pointer", "?on", types + 5},
    {"destroy", "", types},
    {"create_virtual_pointer_with_output", "2?o?on", types + 7},
};

static const struct wl_interface zwlr_virtual_pointer_manager_v1_interface = {
    "zwlr_virtual_pointer_manager_v1", 2, 3, manager_requests, 0, NULL,
};

enum { CREATE_VIRTUAL_POINTER = 0 };

static struct wl_proxy *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0 && !manager)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "WaylandVirtualPointer: no compositor at WAYLAND_DISPLAY\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) {
        fprintf(stderr, "WaylandVirtualPointer: the compositor offers no zwlr_virtual_pointer_manager_v1\n");
        return 1;
    }
    // A null seat: the compositor's default seat.
    struct wl_proxy *pointer = wl_proxy_marshal_flags(
        manager, CREATE_VIRTUAL_POINTER, &zwlr_virtual_pointer_v1_interface, wl_proxy_get_version(manager), 0, NULL,
        NULL);
    if (!pointer || wl_display_roundtrip(display) < 0) {
        fprintf(stderr, "WaylandVirtualPointer: creating the pointer failed\n");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    while (wl_display_dispatch(display) >= 0) {}
    fprintf(stderr, "WaylandVirtualPointer: the compositor went away\n");
    return 1;
}
