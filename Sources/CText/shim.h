// CText: FreeType (glyph outlines and rasterization) and HarfBuzz (shaping).
// pkg-config freetype2 supplies -I/usr/include/freetype2; HarfBuzz's headers are
// reached by their directory, and hb-ft.h joins the two.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
