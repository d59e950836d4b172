// wl_compositor and wl_surface: attach, damage, frame callbacks and commit, with the
// buffers followed from creation to destruction (held from commit to release) and the
// checks a compositor can make of its client at each commit: a held buffer attached
// again, a held buffer's pixels changed, a buffer at a size the last acked configure
// did not give.
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "fake.h"
#include "xdg-shell-server-protocol.h"

// MARK: buffers

static void buffer_destroyed(struct wl_listener *listener, void *data) {
    (void)data;
    struct fake_buffer *b = wl_container_of(listener, b, destroyed);
    struct fake_surface *s;
    wl_list_for_each(s, &fake.surfaces, link) {
        if (s->pending_buffer == b) s->pending_buffer = NULL;
        if (s->current == b) s->current = NULL;
    }
    say("buffer- %u%s", b->number, b->held ? " held" : "");
    fake.buffers_live--;
    wl_list_remove(&b->link);
    wl_list_remove(&b->destroyed.link);
    free(b);
}

void buffer_created(struct wl_resource *resource) {
    struct fake_buffer *b = calloc(1, sizeof *b);
    b->resource = resource;
    b->number = (uint32_t)++fake.buffers_made;
    b->destroyed.notify = buffer_destroyed;
    wl_resource_add_destroy_listener(resource, &b->destroyed);
    wl_list_insert(fake.buffers.prev, &b->link);
    fake.buffers_live++;
    if (fake.buffers_live > fake.buffers_live_max) fake.buffers_live_max = fake.buffers_live;
    say("buffer+ %u", b->number);
}

static struct fake_buffer *buffer_of(struct wl_resource *resource) {
    if (!resource) return NULL;
    struct wl_listener *l = wl_resource_get_destroy_listener(resource, buffer_destroyed);
    if (!l) return NULL;
    struct fake_buffer *b = wl_container_of(l, b, destroyed);
    return b;
}

/// FNV-1a over the buffer's pixels, 8 bytes at a time (0 when it is not a shm buffer).
static uint64_t pixels_hash(struct fake_buffer *b) {
    struct wl_shm_buffer *shm = wl_shm_buffer_get(b->resource);
    if (!shm) return 0;
    wl_shm_buffer_begin_access(shm);
    const uint8_t *p = wl_shm_buffer_get_data(shm);
    size_t n = (size_t)wl_shm_buffer_get_stride(shm) * (size_t)wl_shm_buffer_get_height(shm);
    uint64_t h = 0xcbf29ce484222325ull, word;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&word, p + i, 8);
        h = (h ^ word) * 0x100000001b3ull;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    wl_shm_buffer_end_access(shm);
    return h;
}

/// A held buffer whose pixels changed since its commit: the client drew into it.
static void check_one(struct fake_buffer *b) {
    uint64_t now = pixels_hash(b);
    if (now != b->hash) {
        violation("held-write: buffer %u was drawn into while the compositor held it", b->number);
        b->hash = now;
    }
}

void check_held(void) {
    struct fake_buffer *b;
    wl_list_for_each(b, &fake.buffers, link) {
        if (b->held) check_one(b);
    }
}

static void release(struct fake_buffer *b) {
    check_one(b);
    b->held = false;
    fake.releases++;
    wl_buffer_send_release(b->resource);
    say("release %u", b->number);
}

void release_held(void) {
    struct fake_buffer *b;
    wl_list_for_each(b, &fake.buffers, link) {
        if (b->held) release(b);
    }
}

// MARK: frame callbacks

static void callback_destroyed(struct wl_resource *resource) {
    struct fake_callback *c = wl_resource_get_user_data(resource);
    wl_list_remove(&c->link);
    free(c);
}

void answer_frames(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    uint32_t ms = (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
    int answered = 0;
    struct fake_surface *s;
    wl_list_for_each(s, &fake.surfaces, link) {
        struct fake_callback *c, *next;
        wl_list_for_each_safe(c, next, &s->callbacks, link) {
            wl_callback_send_done(c->resource, ms);
            wl_resource_destroy(c->resource);
            answered++;
        }
    }
    if (answered) {
        fake.frames_done++;
        say("done");
    }
}

static void destroy_callbacks(struct wl_list *list) {
    struct fake_callback *c, *next;
    wl_list_for_each_safe(c, next, list, link) wl_resource_destroy(c->resource);
}

// MARK: wl_surface

static void surface_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void surface_attach(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer,
                           int32_t x, int32_t y) {
    (void)client, (void)x, (void)y;
    struct fake_surface *s = wl_resource_get_user_data(resource);
    s->pending_attach = true;
    s->pending_buffer = buffer_of(buffer);
}

static void surface_damage(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
                           int32_t w, int32_t h) {
    (void)client, (void)resource, (void)x, (void)y, (void)w, (void)h;
}

static void surface_frame(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct fake_surface *s = wl_resource_get_user_data(resource);
    struct fake_callback *c = calloc(1, sizeof *c);
    c->resource = wl_resource_create(client, &wl_callback_interface, 1, id);
    wl_resource_set_implementation(c->resource, NULL, c, callback_destroyed);
    wl_list_insert(s->pending_callbacks.prev, &c->link);
}

static void surface_region(struct wl_client *client, struct wl_resource *resource, struct wl_resource *region) {
    (void)client, (void)resource, (void)region;
}

static void surface_transform(struct wl_client *client, struct wl_resource *resource, int32_t transform) {
    (void)client, (void)resource, (void)transform;
}

static void surface_scale(struct wl_client *client, struct wl_resource *resource, int32_t scale) {
    (void)client;
    struct fake_surface *s = wl_resource_get_user_data(resource);
    s->pending_scale = scale;
}

static void surface_damage_buffer(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
                                  int32_t w, int32_t h) {
    (void)client, (void)x, (void)y, (void)w, (void)h;
    struct fake_surface *s = wl_resource_get_user_data(resource);
    s->pending_damage++;
}

static void surface_offset(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y) {
    (void)client, (void)resource, (void)x, (void)y;
}

/// A buffer committed: the checks, then the compositor holds it.
static void commit_buffer(struct fake_surface *s, struct fake_buffer *b) {
    struct wl_shm_buffer *shm = wl_shm_buffer_get(b->resource);
    int32_t w = shm ? wl_shm_buffer_get_width(shm) : 0, h = shm ? wl_shm_buffer_get_height(shm) : 0;
    int32_t scale = s->scale > 0 ? s->scale : 1;
    s->commits_with_buffer++;
    say("commit %u %dx%d scale %d damage %d", b->number, w, h, scale, s->pending_damage);
    if (b->held) violation("held-attach: buffer %u attached while the compositor holds it", b->number);
    if (!s->acked) {
        violation("unconfigured: buffer %u committed before a configure was acked", b->number);
    } else if (s->acked_width > 0 && s->acked_height > 0 &&
               (w / scale != s->acked_width || h / scale != s->acked_height)) {
        violation("stale-size: buffer %u is %dx%d points, the configure acked last is %dx%d", b->number, w / scale,
                  h / scale, s->acked_width, s->acked_height);
    }
    struct fake_buffer *previous = s->current;
    s->current = b;
    b->held = true;
    b->hash = pixels_hash(b);
    if (fake.release == RELEASE_PROMPT && previous && previous != b && previous->held) release(previous);
    if (fake.release == RELEASE_IMMEDIATE) release(b);
}

static void surface_commit(struct wl_client *client, struct wl_resource *resource) {
    struct fake_surface *s = wl_resource_get_user_data(resource);
    fake.commits++;
    if (s->pending_scale > 0) s->scale = s->pending_scale;
    // Whatever the client wrote since the last commit into a buffer still held.
    check_held();
    if (s->pending_attach && s->pending_buffer) {
        commit_buffer(s, s->pending_buffer);
    } else if (s->pending_attach) {
        say("commit 0 detached");
        if (s->current && s->current->held && fake.release != RELEASE_MANUAL) release(s->current);
        s->current = NULL;
    } else {
        say("commit none damage %d", s->pending_damage);
    }
    wl_list_insert_list(s->callbacks.prev, &s->pending_callbacks);
    wl_list_init(&s->pending_callbacks);
    bool with_buffer = s->pending_attach && s->pending_buffer;
    bool damaged = s->pending_damage > 0;
    s->pending_attach = false;
    s->pending_buffer = NULL;
    s->pending_damage = 0;
    s->pending_scale = 0;
    if (s->toplevel && !s->configured_once) {
        // The initial commit of a toplevel: its first configure.
        s->configured_once = true;
        send_configure(s, fake.first_width, fake.first_height);
        stage_reached(client, STAGE_CONFIGURE);
    }
    bool repaint = fake.frames == FRAMES_PROMPT || (fake.frames == FRAMES_DAMAGE && damaged);
    if (repaint && !fake.repaint_armed && !wl_list_empty(&s->callbacks)) {
        fake.repaint_armed = true;
        wl_event_source_timer_update(fake.repaint, 16);
    }
    if (with_buffer) {
        if (fake.error_at_commit == s->commits_with_buffer) {
            say("error sent");
            wl_resource_post_error(s->surface, WL_SURFACE_ERROR_INVALID_SIZE, "fake: buffer size is invalid");
            return;
        }
        if (s->commits_with_buffer == 1) stage_reached(client, STAGE_COMMIT);
    }
}

static const struct wl_surface_interface surface_implementation = {
    .destroy = surface_destroy,
    .attach = surface_attach,
    .damage = surface_damage,
    .frame = surface_frame,
    .set_opaque_region = surface_region,
    .set_input_region = surface_region,
    .commit = surface_commit,
    .set_buffer_transform = surface_transform,
    .set_buffer_scale = surface_scale,
    .damage_buffer = surface_damage_buffer,
    .offset = surface_offset,
};

static void surface_destroyed(struct wl_resource *resource) {
    struct fake_surface *s = wl_resource_get_user_data(resource);
    destroy_callbacks(&s->pending_callbacks);
    destroy_callbacks(&s->callbacks);
    if (s->xdg_surface) wl_resource_set_user_data(s->xdg_surface, NULL);
    if (s->toplevel) wl_resource_set_user_data(s->toplevel, NULL);
    wl_list_remove(&s->link);
    free(s);
}

struct fake_surface *latest_surface(void) {
    struct fake_surface *s, *found = NULL;
    wl_list_for_each(s, &fake.surfaces, link) {
        if (s->toplevel) found = s;
    }
    return found;
}

// MARK: wl_region and wl_compositor

static void region_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void region_box(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w,
                       int32_t h) {
    (void)client, (void)resource, (void)x, (void)y, (void)w, (void)h;
}

static const struct wl_region_interface region_implementation = {
    .destroy = region_destroy, .add = region_box, .subtract = region_box};

static void create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct fake_surface *s = calloc(1, sizeof *s);
    s->client = client;
    s->scale = 1;
    wl_list_init(&s->pending_callbacks);
    wl_list_init(&s->callbacks);
    s->surface = wl_resource_create(client, &wl_surface_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(s->surface, &surface_implementation, s, surface_destroyed);
    wl_list_insert(fake.surfaces.prev, &s->link);
    say("surface %u", id);
}

static void create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *r = wl_resource_create(client, &wl_region_interface, 1, id);
    (void)resource;
    wl_resource_set_implementation(r, &region_implementation, NULL, NULL);
}

static const struct wl_compositor_interface compositor_implementation = {
    .create_surface = create_surface, .create_region = create_region};

void compositor_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    (void)data;
    struct wl_resource *r = wl_resource_create(client, &wl_compositor_interface, (int)version, id);
    wl_resource_set_implementation(r, &compositor_implementation, NULL, NULL);
    say("bind wl_compositor %u", version);
    stage_reached(client, STAGE_BIND);
}
