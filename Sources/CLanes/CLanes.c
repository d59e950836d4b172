// CLanes is its header's inline functions; this file gives SwiftPM a source to build.
#include "CLanes.h"
