// CFontconfig: fontconfig, which finds installed fonts by family name and by the
// characters they cover (Assets' FontConfig wraps it).
#include <fontconfig/fontconfig.h>
