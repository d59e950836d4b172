/*
 * Tests/bench/pixman/pixbench.c: the raster workloads of `vitrine bench`, done by
 * pixman, single-threaded, timed the same way, in the same line format, so that
 * Tests/bench/pixman/compare runs the two side by side.
 *
 * Written for Vitrine from its own Swift sources: the content is
 * Sources/RasterBench/BenchContent.swift pixel for pixel, the transforms are
 * Sources/RasterBench/BenchTransforms.swift (the same Double arithmetic, rounded to
 * the same Q16.16 matrix: round half away from zero), the timing is
 * Sources/RasterBench/BenchRunner.swift.
 *
 *   pixbench [-t SECONDS] [-r WxH]... [-w a,b,...] [-q]
 *   <workload> <W>x<H> median_ms=<x.xxx> min_ms=<x.xxx> mpix_per_s=<x.x>
 *
 * Workloads (each over the whole W x H x8r8g8b8 framebuffer, as pixman's
 * pixman_image_composite32 does them on x86-64 with SSE2):
 *   fill                 SRC, solid 0xff2060a0
 *   copy                 SRC, the opaque source (x8r8g8b8)
 *   over                 OVER, the premultiplied source (a8r8g8b8)
 *   over_opacity         OVER, the premultiplied source, a solid mask of alpha 0xcc
 *   affine_bilinear      OVER, premultiplied source, affine, BILINEAR, REPEAT_NONE
 *   projective_bilinear  OVER, (W/2) x H premultiplied source, projective, BILINEAR
 *   rotate90             SRC, H x W opaque source turned 90 degrees clockwise
 *   to_rgb565            SRC, the opaque framebuffer into W x H r5g6b5
 *   memset, memcpy       glibc, W*H*4 bytes: the memory's ceiling
 */
#define _GNU_SOURCE
#include <math.h>
#include <pixman.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double m[3][3]; } mat3;

static const char *names[] = {"fill", "copy", "over", "over_opacity", "affine_bilinear",
                              "projective_bilinear", "rotate90", "to_rgb565", "memset", "memcpy"};
enum { FILL, COPY, OVER, OVER_OPACITY, AFFINE, PROJECTIVE, ROT90, TO565, MEMSET, MEMCPY, COUNT };

static uint32_t *alloc_pixels(int w, int h)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, (size_t)w * h * 4 + 64) != 0) { fprintf(stderr, "pixbench: out of memory\n"); exit(1); }
    memset(p, 0, (size_t)w * h * 4 + 64);
    return p;
}

static int is_grid(int x, int y) { return x % 64 == 0 || y % 64 == 0; }
static int is_marker(int x, int y) { return x >= 16 && x < 64 && y >= 16 && y < 64; }

/* BenchContent.background */
static uint32_t *background(int w, int h)
{
    uint32_t *p = alloc_pixels(w, h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int r = 32 + 96 * y / (h - 1), g = 48 + 96 * x / (w - 1), b = 128 + 48 * (((x >> 5) + (y >> 5)) & 1);
            p[y * w + x] = 0xff000000u | (uint32_t)(r << 16 | g << 8 | b);
        }
    return p;
}

/* BenchContent.opaque */
static uint32_t *opaque(int w, int h)
{
    uint32_t *p = alloc_pixels(w, h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int r = 255 * x / (w - 1), g = 255 * y / (h - 1), b = (3 * x + 5 * y) & 255;
            if (is_grid(x, y)) r = g = b = 240;
            if (is_marker(x, y)) { r = 255; g = 0; b = 0; }
            p[y * w + x] = 0xff000000u | (uint32_t)(r << 16 | g << 8 | b);
        }
    return p;
}

/* BenchContent.premultiplied */
static uint32_t *premultiplied(int w, int h)
{
    uint32_t *p = alloc_pixels(w, h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int fx = 255 * x / (w - 1), fy = 255 * y / (h - 1);
            int a = 24 + 223 * (fx + fy) / 510, r = 255 - fx, g = (x + 2 * y) & 255, b = fy;
            if (is_grid(x, y)) { r = g = b = 255; a = 240; }
            if (is_marker(x, y)) { r = 255; g = 0; b = 0; a = 240; }
            r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255;
            p[y * w + x] = (uint32_t)a << 24 | (uint32_t)(r << 16 | g << 8 | b);
        }
    return p;
}

/* BenchTransforms: the same products, in the same order. */
static mat3 mul(mat3 a, mat3 b)
{
    mat3 r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double sum = a.m[i][0] * b.m[0][j];
            sum += a.m[i][1] * b.m[1][j];
            sum += a.m[i][2] * b.m[2][j];
            r.m[i][j] = sum;
        }
    return r;
}

static mat3 inverse(mat3 a)
{
    const double (*m)[3] = a.m;
    mat3 r;
    r.m[0][0] = m[1][1] * m[2][2] - m[1][2] * m[2][1];
    r.m[0][1] = m[0][2] * m[2][1] - m[0][1] * m[2][2];
    r.m[0][2] = m[0][1] * m[1][2] - m[0][2] * m[1][1];
    r.m[1][0] = m[1][2] * m[2][0] - m[1][0] * m[2][2];
    r.m[1][1] = m[0][0] * m[2][2] - m[0][2] * m[2][0];
    r.m[1][2] = m[0][2] * m[1][0] - m[0][0] * m[1][2];
    r.m[2][0] = m[1][0] * m[2][1] - m[1][1] * m[2][0];
    r.m[2][1] = m[0][1] * m[2][0] - m[0][0] * m[2][1];
    r.m[2][2] = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    double det = m[0][0] * r.m[0][0] + m[0][1] * r.m[1][0] + m[0][2] * r.m[2][0];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) r.m[i][j] /= det;
    return r;
}

static mat3 translate(double x, double y) { mat3 r = {{{1, 0, x}, {0, 1, y}, {0, 0, 1}}}; return r; }
static mat3 scale(double s) { mat3 r = {{{s, 0, 0}, {0, s, 0}, {0, 0, 1}}}; return r; }
static mat3 rotate(double rad) { double c = cos(rad), s = sin(rad); mat3 r = {{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}}; return r; }

/* affine_bilinear: rotate -15 degrees and scale 0.85 about the centre, then move by (-20, -20). */
static mat3 affine_inverse(int w, int h)
{
    double cx = w / 2.0, cy = h / 2.0;
    mat3 f = translate(-cx, -cy);
    f = mul(rotate(-15 * M_PI / 180), f);
    f = mul(scale(0.85), f);
    f = mul(translate(cx, cy), f);
    f = mul(translate(-20, -20), f);
    mat3 inv = inverse(f);
    inv.m[2][0] = 0; inv.m[2][1] = 0; inv.m[2][2] = 1;
    return inv;
}

/* projective_bilinear: a (W/2) x H page turned 60 degrees about its left edge at x = W/2,
 * m34 = -1/2000; the inverse scaled so every homogeneous component over the destination
 * (grown by 1 px) is at most 30000 with w > 0, then so that m[2][0] is a whole number of
 * 1/65536 units. */
static mat3 projective_inverse(int w, int h)
{
    double th = 60 * M_PI / 180, d = 2000, c = cos(th), p = sin(th) / d, W = w, H = h;
    mat3 f = {{{c + p * W / 2, 0, W / 2}, {p * H / 2, 1, 0}, {p, 0, 1}}};
    mat3 m = inverse(f);
    double maxabs = 0;
    int wneg = 0;
    for (int cy = 0; cy < 2; cy++)
        for (int cx = 0; cx < 2; cx++) {
            double X = cx ? W + 1 : -1, Y = cy ? H + 1 : -1;
            for (int i = 0; i < 3; i++) {
                double v = m.m[i][0] * X + m.m[i][1] * Y + m.m[i][2];
                if (fabs(v) > maxabs) maxabs = fabs(v);
                if (i == 2 && v <= 0) wneg = 1;
            }
        }
    double k = 30000 / maxabs * (wneg ? -1 : 1);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) m.m[i][j] *= k;
    double q = fabs(m.m[2][0]) * 65536;
    if (q >= 1) {
        double adj = floor(q) / q;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) m.m[i][j] *= adj;
    }
    return m;
}

static void set_transform(pixman_image_t *img, mat3 m)
{
    pixman_transform_t t;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) t.matrix[i][j] = (pixman_fixed_t)llround(m.m[i][j] * 65536.0);
    pixman_image_set_transform(img, &t);
    pixman_image_set_filter(img, PIXMAN_FILTER_BILINEAR, NULL, 0);
    pixman_image_set_repeat(img, PIXMAN_REPEAT_NONE);
}

typedef struct {
    int wl, w, h;
    uint32_t *fb, *src, *raw_a, *raw_b;
    uint16_t *fb565;
    pixman_image_t *dst, *src_img, *mask, *solid, *dst565;
} bench_case;

static bench_case make_case(int wl, int w, int h)
{
    bench_case c = {wl, w, h};
    c.fb = background(w, h);
    c.dst = pixman_image_create_bits(PIXMAN_x8r8g8b8, w, h, c.fb, w * 4);
    switch (wl) {
    case FILL: {
        pixman_color_t color = {0x2020, 0x6060, 0xa0a0, 0xffff};
        c.solid = pixman_image_create_solid_fill(&color);
        break;
    }
    case COPY:
        c.src = opaque(w, h);
        c.src_img = pixman_image_create_bits(PIXMAN_x8r8g8b8, w, h, c.src, w * 4);
        break;
    case OVER: case OVER_OPACITY: case AFFINE:
        c.src = premultiplied(w, h);
        c.src_img = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, c.src, w * 4);
        if (wl == OVER_OPACITY) {
            pixman_color_t alpha = {0, 0, 0, 0xcccc};
            c.mask = pixman_image_create_solid_fill(&alpha);
        }
        if (wl == AFFINE) set_transform(c.src_img, affine_inverse(w, h));
        break;
    case PROJECTIVE:
        c.src = premultiplied(w / 2, h);
        c.src_img = pixman_image_create_bits(PIXMAN_a8r8g8b8, w / 2, h, c.src, (w / 2) * 4);
        set_transform(c.src_img, projective_inverse(w, h));
        break;
    case ROT90: {
        c.src = opaque(h, w);
        c.src_img = pixman_image_create_bits(PIXMAN_x8r8g8b8, h, w, c.src, h * 4);
        /* destination (x, y) reads source (y, W - 1 - x): the source turned clockwise, its
         * top row the right column (pixman's fast_composite_rotate_270 path) */
        pixman_transform_t t = {{{0, pixman_fixed_1, 0}, {-pixman_fixed_1, 0, pixman_int_to_fixed(w)}, {0, 0, pixman_fixed_1}}};
        pixman_image_set_transform(c.src_img, &t);
        pixman_image_set_filter(c.src_img, PIXMAN_FILTER_NEAREST, NULL, 0);
        break;
    }
    case TO565:
        free(c.fb);
        pixman_image_unref(c.dst);
        c.fb = opaque(w, h);
        c.dst = pixman_image_create_bits(PIXMAN_x8r8g8b8, w, h, c.fb, w * 4);
        c.fb565 = (uint16_t *)alloc_pixels(w, (h + 1) / 2);
        c.dst565 = pixman_image_create_bits(PIXMAN_r5g6b5, w, h, (uint32_t *)c.fb565, w * 2);
        break;
    case MEMSET: case MEMCPY:
        c.raw_a = alloc_pixels(w, h);
        c.raw_b = alloc_pixels(w, h);
        break;
    }
    return c;
}

static void run(bench_case *c)
{
    int w = c->w, h = c->h;
    switch (c->wl) {
    case FILL: pixman_image_composite32(PIXMAN_OP_SRC, c->solid, NULL, c->dst, 0, 0, 0, 0, 0, 0, w, h); break;
    case COPY: pixman_image_composite32(PIXMAN_OP_SRC, c->src_img, NULL, c->dst, 0, 0, 0, 0, 0, 0, w, h); break;
    case OVER: case AFFINE: case PROJECTIVE:
        pixman_image_composite32(PIXMAN_OP_OVER, c->src_img, NULL, c->dst, 0, 0, 0, 0, 0, 0, w, h);
        break;
    case OVER_OPACITY:
        pixman_image_composite32(PIXMAN_OP_OVER, c->src_img, c->mask, c->dst, 0, 0, 0, 0, 0, 0, w, h);
        break;
    case ROT90: pixman_image_composite32(PIXMAN_OP_SRC, c->src_img, NULL, c->dst, 0, 0, 0, 0, 0, 0, w, h); break;
    case TO565: pixman_image_composite32(PIXMAN_OP_SRC, c->dst, NULL, c->dst565, 0, 0, 0, 0, 0, 0, w, h); break;
    case MEMSET: memset(c->raw_a, 0x5a, (size_t)w * h * 4); break;
    case MEMCPY: memcpy(c->raw_b, c->raw_a, (size_t)w * h * 4); break;
    }
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* BenchRunner.measure: a warm-up of at least 3 repetitions and 50 ms whose fastest sets
 * N = target / fastest (5...200000), then N timed repetitions: median and minimum. */
static void measure(bench_case *c, double target, int quiet)
{
    long long start = now_ns(), best = -1;
    int warm = 0;
    do {
        long long t0 = now_ns();
        run(c);
        long long dt = now_ns() - t0;
        if (best < 0 || dt < best) best = dt;
        warm++;
    } while (warm < 3 || now_ns() - start < 50000000LL);
    double nd = target * 1e9 / (double)(best > 0 ? best : 1);
    int n = nd < 5 ? 5 : nd > 200000 ? 200000 : (int)nd;
    double *times = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        long long t0 = now_ns();
        run(c);
        times[i] = (double)(now_ns() - t0) * 1e-6;
    }
    qsort(times, n, sizeof(double), cmp_double);
    double median = n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
    printf("%s %dx%d median_ms=%.3f min_ms=%.3f mpix_per_s=%.1f\n", names[c->wl], c->w, c->h, median, times[0],
           (double)c->w * c->h / (median * 1e-3) / 1e6);
    fflush(stdout);
    if (!quiet) fprintf(stderr, "# %s %dx%d n=%d\n", names[c->wl], c->w, c->h, n);
    free(times);
}

int main(int argc, char **argv)
{
    double target = 0.5;
    int sizes[16][2], nsizes = 0, chosen[COUNT], nchosen = 0, quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-t") && i + 1 < argc) target = atof(argv[++i]);
        else if (!strcmp(argv[i], "-r") && i + 1 < argc && nsizes < 16) {
            if (sscanf(argv[++i], "%dx%d", &sizes[nsizes][0], &sizes[nsizes][1]) != 2) goto usage;
            nsizes++;
        } else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
            char *list = strdup(argv[++i]);
            for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
                int k = 0;
                while (k < COUNT && strcmp(names[k], tok)) k++;
                if (k == COUNT) { fprintf(stderr, "pixbench: unknown workload '%s'\n", tok); return 64; }
                if (nchosen < COUNT) chosen[nchosen++] = k;
            }
            free(list);
        } else if (!strcmp(argv[i], "-q")) quiet = 1;
        else goto usage;
    }
    if (target <= 0) goto usage;
    if (!nsizes) { sizes[0][0] = 1920; sizes[0][1] = 1080; sizes[1][0] = 800; sizes[1][1] = 480; nsizes = 2; }
    if (!nchosen) for (int k = 0; k < COUNT; k++) chosen[nchosen++] = k;
    for (int s = 0; s < nsizes; s++) {
        if (sizes[s][0] < 4 || sizes[s][1] < 4 || sizes[s][0] % 2) goto usage;
        for (int k = 0; k < nchosen; k++) {
            bench_case c = make_case(chosen[k], sizes[s][0], sizes[s][1]);
            measure(&c, target, quiet);
        }
    }
    return 0;
usage:
    fprintf(stderr, "usage: pixbench [-t SECONDS] [-r WxH]... [-w a,b,...] [-q]\n");
    return 64;
}
