// See include/alloc_count.h. glibc 2.34+ has no malloc hooks; defining the functions in
// the executable interposes them for every library, and glibc exports the originals
// as __libc_*.
#include <errno.h>
#include <execinfo.h>
#include <stddef.h>
#include <unistd.h>
#include "alloc_count.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

// Thread-local and initial-exec: readable from inside malloc on any thread, no
// allocation needed to reach it.
static __thread unsigned long allocations __attribute__((tls_model("initial-exec")));

unsigned long vitrine_thread_allocations(void) { return allocations; }

// While set, each allocation on this thread writes its backtrace to stderr (finding
// what allocates in a frame); `tracing` keeps backtrace()'s own allocations out.
static __thread int trace __attribute__((tls_model("initial-exec")));
static __thread int tracing __attribute__((tls_model("initial-exec")));

void vitrine_trace_allocations(int on) { trace = on; }

static void traced(void) {
    if (!trace || tracing) return;
    tracing = 1;
    void *frames[24];
    int n = backtrace(frames, 24);
    static const char line[] = "--- allocation\n";
    backtrace_symbols_fd(frames, n, 2);
    (void)!write(2, line, sizeof line - 1);
    tracing = 0;
}

void *malloc(size_t n) {
    allocations++;
    traced();
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t size) {
    allocations++;
    traced();
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n) {
    allocations++;
    traced();
    return __libc_realloc(p, n);
}

void free(void *p) { __libc_free(p); }

void *memalign(size_t alignment, size_t n) {
    allocations++;
    return __libc_memalign(alignment, n);
}

void *aligned_alloc(size_t alignment, size_t n) {
    allocations++;
    return __libc_memalign(alignment, n);
}

int posix_memalign(void **out, size_t alignment, size_t n) {
    allocations++;
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, n);
    if (!p && n) return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t n) {
    allocations++;
    return __libc_memalign(4096, n);
}
