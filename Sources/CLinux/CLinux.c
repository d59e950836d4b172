#define _GNU_SOURCE
#include <malloc.h>
#include <stddef.h>
#include <sys/socket.h>
#include "CLinux.h"

int vitrine_accept4(int fd, int flags) { return accept4(fd, NULL, NULL, flags); }

int vitrine_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
