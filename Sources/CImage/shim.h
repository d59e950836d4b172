// CImage: the C image libraries Vitrine decodes and encodes with: libspng for PNG,
// libturbojpeg (TurboJPEG API) for JPEG.
#include <spng.h>
#include <turbojpeg.h>
