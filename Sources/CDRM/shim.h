// CDRM: libdrm (xf86drm.h, xf86drmMode.h) and the kernel's fourcc codes, for the DRM/KMS
// backend. C at the edge: what Swift can't import from the headers (function-like
// macros) is turned here into static inline functions, nothing more.
#ifndef VITRINE_CDRM_SHIM_H
#define VITRINE_CDRM_SHIM_H

#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
// Also at this edge, for DRMDisplay's event descriptors: the timerfd that paces flips on
// drivers without a vblank interrupt and wakes the loop for an event found outside
// handleEvents, and the netlink socket hotplug events come on (Glibc's module has neither).
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <linux/netlink.h>

/// DRM_MODE_PROP_OBJECT and DRM_MODE_PROP_SIGNED_RANGE: extended property types, kept in
/// the DRM_MODE_PROP_EXTENDED_TYPE bits of a property's flags.
static inline uint32_t vitrine_drm_prop_object(void) { return DRM_MODE_PROP_OBJECT; }
static inline uint32_t vitrine_drm_prop_signed_range(void) { return DRM_MODE_PROP_SIGNED_RANGE; }

/// DRM_FORMAT_XRGB8888 ("XR24") and DRM_FORMAT_RGB565 ("RG16"): the scanout formats.
static inline uint32_t vitrine_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t vitrine_drm_format_rgb565(void) { return DRM_FORMAT_RGB565; }

#endif
