// Linux interfaces Swift's Glibc module leaves out (signalfd, timerfd, accept4, mallopt,
// strerrorname_np, SCM_RIGHTS' CMSG macros), for the event loop and for errors that name
// an errno. C at the edge: nothing but declarations and one-line wrappers.
#ifndef VITRINE_CLINUX_H
#define VITRINE_CLINUX_H

#include <signal.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>

/// accept4(2) without the peer address, for non-blocking, close-on-exec connections.
int vitrine_accept4(int fd, int flags);

/// mallopt(M_MMAP_THRESHOLD, bytes) (<malloc.h> is not in Glibc's module): 1 when taken.
int vitrine_set_mmap_threshold(int bytes);

/// sendmsg(2) of one datagram `bytes` to `address` with `count` descriptors as SCM_RIGHTS
/// (CMSG_* are macros Swift can't import): sd_notify's FDSTORE=1. MSG_NOSIGNAL|MSG_DONTWAIT.
/// At most 16 descriptors; returns sendmsg's result (-1 and errno on failure).
long vitrine_send_with_descriptors(int fd, const void *bytes, unsigned long length, const struct sockaddr *address,
                                   socklen_t addressLength, const int *descriptors, int count);

/// recvmsg(2) of up to `length` bytes from the stream socket `fd` (MSG_DONTWAIT), taking the
/// descriptors sent with them (SCM_RIGHTS, received close-on-exec: MSG_CMSG_CLOEXEC): the
/// first `capacity` into `descriptors` (`*received` of them), any more closed here.
/// `*count` is how many came: more than `*received` when some were closed here, or dropped
/// by the kernel for want of room or of descriptors (MSG_CTRUNC, counted as one; the
/// kernel closes those itself). Room is made for 253 (SCM_MAX_FD, the most one sendmsg
/// carries). Returns recvmsg's result (-1 and errno on failure, no descriptor then).
long vitrine_receive_with_descriptors(int fd, void *bytes, unsigned long length, int *descriptors, int capacity,
                                      int *received, int *count);

/// The errno's symbolic name, "ENOENT" (glibc's strerrorname_np, a GNU extension Glibc's
/// module leaves out); NULL for a number that is not an errno.
const char *vitrine_errno_name(int code);

#endif
