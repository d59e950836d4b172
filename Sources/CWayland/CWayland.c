#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "CWayland.h"

static const struct wl_interface *interface_named(const char *name) {
    if (strcmp(name, "wl_compositor") == 0) return &wl_compositor_interface;
    if (strcmp(name, "wl_shm") == 0) return &wl_shm_interface;
    if (strcmp(name, "wl_seat") == 0) return &wl_seat_interface;
    if (strcmp(name, "wl_output") == 0) return &wl_output_interface;
    if (strcmp(name, "xdg_wm_base") == 0) return &xdg_wm_base_interface;
    if (strcmp(name, "wp_presentation") == 0) return &wp_presentation_interface;
    return NULL;
}

void *vitrine_registry_bind(struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    const struct wl_interface *i = interface_named(interface);
    return i ? wl_registry_bind(registry, name, i, version) : NULL;
}

uint32_t vitrine_interface_version(const char *interface) {
    // Versions whose requests and events the backend handles (and no later ones: a
    // listener must have every event of the version bound).
    if (strcmp(interface, "wl_compositor") == 0) return 4;  // damage_buffer
    if (strcmp(interface, "wl_shm") == 0) return 1;
    if (strcmp(interface, "wl_seat") == 0) return 5;        // wl_touch shape/orientation come at 6
    if (strcmp(interface, "wl_output") == 0) return 2;      // scale, done
    if (strcmp(interface, "xdg_wm_base") == 0) return 2;
    if (strcmp(interface, "wp_presentation") == 0) return 1;
    return 0;
}

int vitrine_memfd(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

static char last_log[512];

static void capture_log(const char *format, va_list ap) {
    vsnprintf(last_log, sizeof last_log, format, ap);
    size_t n = strlen(last_log);
    while (n > 0 && last_log[n - 1] == '\n') last_log[--n] = 0;
}

void vitrine_wayland_capture_log(void) {
    wl_log_set_handler_client(capture_log);
    last_log[0] = 0;
}

const char *vitrine_wayland_last_log(void) {
    return last_log;
}
