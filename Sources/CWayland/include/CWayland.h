// libwayland-client and the protocols' generated glue (generate.sh), for the Wayland
// backend. C at the edge: the library's headers, and one-line helpers for what Swift
// can't reach directly (the protocols' interface structures by address, memfd_create).
#ifndef VITRINE_CWAYLAND_H
#define VITRINE_CWAYLAND_H

#include <stdint.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "presentation-time-client-protocol.h"

/// wl_registry_bind for a global named `interface` ("wl_compositor", "wl_shm",
/// "wl_seat", "wl_output", "xdg_wm_base", "wp_presentation"): the interface structure
/// by address, as the proxy keeps it. NULL for any other name.
void *vitrine_registry_bind(struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version);

/// The highest version of `interface` this client speaks (0: not one it uses).
uint32_t vitrine_interface_version(const char *interface);

/// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING): the shared-memory pool's file.
int vitrine_memfd(const char *name);

/// Keeps libwayland-client's log lines (a protocol error's text: "wl_surface@3: error 2:
/// why") instead of writing them to stderr without a priority: the backend puts the
/// compositor's words into its error. Process-wide; called at each connection, it also
/// forgets the line kept so far.
void vitrine_wayland_capture_log(void);

/// The last line libwayland-client logged since `vitrine_wayland_capture_log` ("" for
/// none), without its newline. For the event loop's thread only.
const char *vitrine_wayland_last_log(void);

#endif
