// What the raster kernels need and Swift has no way to ask for: lane instructions, one
// inline function each over the vector types Swift imports as SIMD types, and the C
// library's wide fills that Swift's Glibc module leaves out.
#ifndef VITRINE_CLANES_H
#define VITRINE_CLANES_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/// `count` copies of the 32-bit `value` from `p`, through glibc's wmemset (its wchar_t
/// is 32 bits on Linux), which picks the widest stores the CPU has, as memset does.
static inline __attribute__((always_inline)) void
vitrine_fill32(uint32_t *p, uint32_t value, size_t count) {
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t is 32 bits on Linux");
    wmemset((wchar_t *)p, (wchar_t)value, count);
}

#include <string.h>

/// Asks for the cache line holding `p` ahead of its read (prefetcht0; prfm on arm64):
/// no fault whatever the address.
static inline __attribute__((always_inline)) void
vitrine_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

#if defined(__SSE2__)
#include <emmintrin.h>

typedef short vitrine_lanes_i16x8 __attribute__((ext_vector_type(8)));
typedef int vitrine_lanes_i32x4 __attribute__((ext_vector_type(4)));

/// pmaddwd: each 32-bit lane is a[2i] * b[2i] + a[2i+1] * b[2i+1], the 16-bit lanes
/// taken as signed. LLVM forms it from Swift code only for some shapes of the
/// expression, and then surrounds it with shuffles; as an intrinsic it is one
/// instruction whatever the optimizer decides.
static inline __attribute__((always_inline)) vitrine_lanes_i32x4
vitrine_multiply_add_pairs(vitrine_lanes_i16x8 a, vitrine_lanes_i16x8 b) {
    return (vitrine_lanes_i32x4)_mm_madd_epi16((__m128i)a, (__m128i)b);
}

typedef unsigned char vitrine_lanes_u8x16 __attribute__((ext_vector_type(16)));
typedef unsigned short vitrine_lanes_u16x8 __attribute__((ext_vector_type(8)));

/// Lane 0 in lanes 0-3 and lane 4 in lanes 4-7 (pshuflw, pshufhw). Written as a Swift
/// lane initializer, LLVM moves the lanes one at a time on SSE2.
static inline __attribute__((always_inline)) vitrine_lanes_u16x8
vitrine_splat_lanes_0_4(vitrine_lanes_u16x8 v) {
    return (vitrine_lanes_u16x8)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)v, 0x00), 0x00);
}

/// Lane 2 in lanes 0-3 and lane 6 in lanes 4-7 (pshuflw, pshufhw).
static inline __attribute__((always_inline)) vitrine_lanes_u16x8
vitrine_splat_lanes_2_6(vitrine_lanes_u16x8 v) {
    return (vitrine_lanes_u16x8)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)v, 0xaa), 0xaa);
}

/// Lane 3 in lanes 0-3 and lane 7 in lanes 4-7 (pshuflw, pshufhw): two pixels' alphas.
static inline __attribute__((always_inline)) vitrine_lanes_u16x8
vitrine_splat_lanes_3_7(vitrine_lanes_u16x8 v) {
    return (vitrine_lanes_u16x8)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)v, 0xff), 0xff);
}

/// `vitrine_splat_lanes_3_7` of a vector just made by a multiply: the empty asm statement
/// keeps `v` as it was made, where LLVM merged the shuffle into the multiply (a pmulhuw
/// became two multiplies and four shuffles).
static inline __attribute__((always_inline)) vitrine_lanes_u16x8
vitrine_splat_lanes_3_7_of_product(vitrine_lanes_u16x8 v) {
    __asm__("" : "+x"(v));
    return (vitrine_lanes_u16x8)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)v, 0xff), 0xff);
}

/// The 8 bytes at `a` and the 8 at `b` (two pixels each, unaligned), their 32-bit
/// pixels interleaved: a's first, b's first, a's second, b's second (movq, movq,
/// punpckldq).
static inline __attribute__((always_inline)) vitrine_lanes_u8x16
vitrine_load_interleaved(const void *a, const void *b) {
    return (vitrine_lanes_u8x16)_mm_unpacklo_epi32(
        _mm_loadl_epi64((const __m128i *)a), _mm_loadl_epi64((const __m128i *)b));
}

/// Four pixels' 16-bit lanes (each at most 255), `a`'s two then `b`'s, back to bytes:
/// packuswb. Written in Swift, the truncation costs a mask of each vector first.
static inline __attribute__((always_inline)) vitrine_lanes_u8x16
vitrine_pack_pixels(vitrine_lanes_u16x8 a, vitrine_lanes_u16x8 b) {
    return (vitrine_lanes_u8x16)_mm_packus_epi16((__m128i)a, (__m128i)b);
}
#endif

/// `count` bytes from `source` to `destination` (not overlapping), 64 bytes a step with
/// 16-byte stores aligned on the destination, as pixman's SSE2 blit does. glibc's memcpy
/// writes a block of several MiB (a 1920x1080 frame) with stores that go around the
/// cache, about a tenth slower than this when the copy is drawn over or shown next;
/// below that the two take the same time. memcpy where SSE2 is not there.
static inline __attribute__((always_inline)) void
vitrine_copy_bytes(void *destination, const void *source, size_t count) {
#if defined(__SSE2__)
    uint8_t *d = (uint8_t *)destination;
    const uint8_t *s = (const uint8_t *)source;
    size_t lead = (16 - ((uintptr_t)d & 15)) & 15;
    if (count < 64 + lead) {
        memcpy(d, s, count);
        return;
    }
    memcpy(d, s, lead);
    d += lead, s += lead, count -= lead;
    for (; count >= 64; d += 64, s += 64, count -= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)s), b = _mm_loadu_si128((const __m128i *)(s + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(s + 32)), e = _mm_loadu_si128((const __m128i *)(s + 48));
        _mm_store_si128((__m128i *)d, a);
        _mm_store_si128((__m128i *)(d + 16), b);
        _mm_store_si128((__m128i *)(d + 32), c);
        _mm_store_si128((__m128i *)(d + 48), e);
    }
    memcpy(d, s, count);
#else
    memcpy(destination, source, count);
#endif
}

#endif
