// The Linux framebuffer's structures (fb_var_screeninfo, fb_fix_screeninfo, fb_bitfield),
// which Swift's Glibc module leaves out. Module map only: the FBIO* requests are written
// out in Swift (FBDev's FramebufferRequest), since _IOW() is a function-like macro.
#ifndef VITRINE_CFBDEV_H
#define VITRINE_CFBDEV_H

#include <linux/fb.h>

#endif
