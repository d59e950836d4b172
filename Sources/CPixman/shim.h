// CPixman: pixman, used only by the tests as the reference compositor.
#include <pixman.h>
