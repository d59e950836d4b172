// CImage: the C image libraries Vitrine decodes and encodes with (libspng for PNG).
#include <spng.h>
