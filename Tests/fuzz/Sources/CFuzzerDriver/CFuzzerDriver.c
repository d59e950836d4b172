// Declarations only (include/CFuzzerDriver.h): the driver itself is libFuzzer's.
#include "CFuzzerDriver.h"
