#define _GNU_SOURCE
#include <malloc.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CLinux.h"

int vitrine_accept4(int fd, int flags) { return accept4(fd, NULL, NULL, flags); }

int vitrine_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

const char *vitrine_errno_name(int code) { return strerrorname_np(code); }

long vitrine_send_with_descriptors(int fd, const void *bytes, unsigned long length, const struct sockaddr *address,
                                   socklen_t addressLength, const int *descriptors, int count) {
    if (count < 0 || count > 16) { errno = EINVAL; return -1; }
    struct iovec iov = { .iov_base = (void *)bytes, .iov_len = length };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 16)]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {
        .msg_name = (void *)address, .msg_namelen = addressLength, .msg_iov = &iov, .msg_iovlen = 1,
    };
    if (count > 0) {
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)count);
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(c), descriptors, sizeof(int) * (size_t)count);
    }
    return sendmsg(fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
}

long vitrine_receive_with_descriptors(int fd, void *bytes, unsigned long length, int *descriptors, int capacity,
                                      int *received, int *count) {
    *received = 0;
    *count = 0;
    struct iovec iov = { .iov_base = bytes, .iov_len = length };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 253)]; } control;
    struct msghdr message = {
        .msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space,
    };
    long n = recvmsg(fd, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (n < 0) return n;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c != NULL; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        size_t fds = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < fds; i++) {
            int d;
            memcpy(&d, CMSG_DATA(c) + i * sizeof(int), sizeof d);
            if (*received < capacity) descriptors[(*received)++] = d; else close(d);
            *count += 1;
        }
    }
    if (message.msg_flags & MSG_CTRUNC) *count += 1;
    return n;
}
