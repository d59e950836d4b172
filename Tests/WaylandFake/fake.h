// A fake Wayland compositor for the Wayland backend's fault tests: a real server made
// with libwayland-server (wl_compositor, wl_shm, xdg_wm_base, wl_output), scripted per
// test from its command line and from command lines written into a FIFO, reporting what
// its client does as one line per event on stdout. It draws nothing; it checks what a
// compositor could catch a client doing wrong (attaching a buffer it still holds,
// writing into one, committing a size it did not ack) and says so as `violation` lines.
// Usage and the line formats: main.c.
#ifndef VITRINE_WAYLAND_FAKE_H
#define VITRINE_WAYLAND_FAKE_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server.h>

/// When the compositor's buffers are given back (wl_buffer.release).
enum release_mode {
    /// The buffer shown before is released when another is committed (weston, wlroots).
    RELEASE_PROMPT,
    /// Released at its commit (a compositor that copies the pixels at once).
    RELEASE_IMMEDIATE,
    /// Released only on the `release` command: late, or never if none comes.
    RELEASE_MANUAL,
};

/// When frame callbacks are answered (wl_callback.done).
enum frame_mode {
    /// At the next repaint, 16 ms after a commit.
    FRAMES_PROMPT,
    /// Only on the `frame` command.
    FRAMES_MANUAL,
    /// At the next repaint, 16 ms after a commit that damaged something (damage_buffer);
    /// a commit without damage leaves its callbacks waiting for one that has some. As
    /// cage 0.1.4 does: its output repaints, and answers frame callbacks, only for damage.
    FRAMES_DAMAGE,
};

/// The startup stage after which the client is disconnected (`--disconnect-at`).
enum stage {
    STAGE_NONE,
    STAGE_REGISTRY,   // wl_display.get_registry: the globals are sent, nothing bound
    STAGE_BIND,       // the first global bound (wl_compositor)
    STAGE_TOPLEVEL,   // xdg_surface.get_toplevel
    STAGE_CONFIGURE,  // the first configure sent
    STAGE_COMMIT,     // the first commit with a buffer
};

/// A wl_buffer the client made, followed from creation to destruction.
struct fake_buffer {
    struct wl_list link;
    struct wl_resource *resource;
    struct wl_listener destroyed;
    uint32_t number;  // 1, 2, ... in creation order (for the log)
    /// Attached and committed, not yet released: the client must not write into it.
    bool held;
    /// FNV-1a of its pixels when it was committed (checked while held).
    uint64_t hash;
};

/// A frame callback asked for (wl_surface.frame).
struct fake_callback {
    struct wl_list link;
    struct wl_resource *resource;
};

struct fake_surface {
    struct wl_list link;
    struct wl_resource *surface;
    struct wl_resource *xdg_surface;
    struct wl_resource *toplevel;
    struct wl_client *client;
    /// Pending state (applied at commit).
    struct fake_buffer *pending_buffer;
    bool pending_attach;
    int32_t pending_scale;
    int pending_damage;
    struct wl_list pending_callbacks;
    /// Committed state.
    struct fake_buffer *current;
    int32_t scale;
    struct wl_list callbacks;  // committed, answered at the next repaint
    /// The toplevel asked for fullscreen.
    bool fullscreen;
    /// The first configure was sent (at the first commit after get_toplevel).
    bool configured_once;
    /// Serial and size of the last configure sent, and of the last one acked.
    uint32_t sent_serial;
    int32_t sent_width, sent_height;
    bool acked;
    int32_t acked_width, acked_height;
    /// Configures sent: serial -> size, to know what an ack acks (a ring: the last 256).
    uint32_t serials[256];
    int32_t widths[256], heights[256];
    int commits_with_buffer;
};

/// The whole compositor: options, objects, counters.
struct fake {
    struct wl_display *display;
    struct wl_event_loop *loop;

    // Options (main.c).
    bool offer_compositor, offer_shm, offer_wm_base, offer_output;
    int32_t output_scale;
    int32_t first_width, first_height;
    enum release_mode release;
    enum frame_mode frames;
    enum stage disconnect_at;
    /// Post a wl_surface error at this commit with a buffer (1: the first; 0: never).
    int error_at_commit;

    /// The client to be disconnected once the current dispatch is over: sent nothing more.
    struct wl_client *doomed;

    /// The xdg_wm_base bound last (for `ping`).
    struct wl_resource *wm_base;

    struct wl_list surfaces;  // fake_surface
    struct wl_list buffers;   // fake_buffer
    struct wl_event_source *repaint;
    bool repaint_armed;
    uint32_t serial;

    // A configure storm in progress (`storm N W H`).
    struct wl_event_source *storm_timer;
    int storm_left, storm_index;
    int32_t storm_last_width, storm_last_height;

    // Counters, printed by `stats`.
    int pools, buffers_made, buffers_live, buffers_live_max, commits, violations, releases, frames_done;
};

extern struct fake fake;

/// One line on stdout (line-buffered: the tests read it as it comes).
void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
/// A `violation ...` line, counted.
void violation(const char *format, ...) __attribute__((format(printf, 1, 2)));
/// The client is disconnected once the current dispatch is over.
void disconnect_later(struct wl_client *client);
/// Disconnects `client` if the `--disconnect-at` stage is `reached`.
void stage_reached(struct wl_client *client, enum stage reached);

// seat.c
/// The wl_seat global: touch and pointer.
void seat_create(void);
/// A tap (touch down, up) or a click (pointer enter, left button) at surface point (x, y).
void seat_tap(struct fake_surface *s, double x, double y, bool frames);
void seat_click(struct fake_surface *s, double x, double y);
/// Touch point `id` down ('d'), moved ('m') or up ('u') at (x, y), or every point
/// cancelled ('c').
void seat_touch(struct fake_surface *s, char kind, int id, double x, double y);
/// Every bound seat announces `caps` (WL_SEAT_CAPABILITY_*).
void seat_capabilities(uint32_t caps);
/// The wl_seat global announced again, or removed.
void seat_add(void);
void seat_remove(void);

// surface.c
void compositor_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id);
void buffer_created(struct wl_resource *resource);
void release_held(void);
void answer_frames(void);
/// Checks every held buffer's pixels against its hash at commit; false when one changed.
void check_held(void);
struct fake_surface *latest_surface(void);

// shell.c
void wm_base_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id);
void send_configure(struct fake_surface *s, int32_t width, int32_t height);
void start_storm(int count, int32_t last_width, int32_t last_height);

// control.c
int control_open(const char *path);
void stats(void);

#endif
