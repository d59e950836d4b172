// Counts heap allocations made by the calling thread: malloc and its siblings are
// defined here, counted, and forwarded to glibc's own (__libc_malloc and friends).
// Linked into the test executable only, to prove a frame allocates nothing
// (the Performance article).
#pragma once

/// Allocations (malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc,
/// valloc) made by the calling thread since it started.
unsigned long vitrine_thread_allocations(void);

/// While `on` is nonzero, every allocation the calling thread makes writes its backtrace
/// to stderr (a diagnostic for finding what allocates in a frame; off by default).
void vitrine_trace_allocations(int on);
