// CLibInput: libinput and libudev, for the LibInput module. C at the edge: what Swift
// can't do itself is here and nothing more: libinput's log handler takes a va_list,
// which Swift can't format, so the line is formatted here and handed to Swift whole.
#ifndef VITRINE_CLIBINPUT_SHIM_H
#define VITRINE_CLIBINPUT_SHIM_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <libinput.h>
#include <libudev.h>
// inotify: the path backend's watch on /dev/input for a named node that comes and goes;
// epoll: one descriptor for the event loop over libinput's and the watch's.
#include <sys/inotify.h>
#include <sys/epoll.h>

/// What a libinput context's user data points to: the Swift owner (unretained) and
/// where a formatted log line goes.
struct vitrine_libinput_user {
    void *object;
    void (*log_line)(void *object, enum libinput_log_priority priority, const char *line);
};

/// libinput's log handler: formats the line (at most 1023 bytes, the trailing newline
/// dropped) and hands it to the user data's `log_line`.
static void vitrine_libinput_log_handler(
    struct libinput *li, enum libinput_log_priority priority, const char *format, va_list args) {
    struct vitrine_libinput_user *user = (struct vitrine_libinput_user *)libinput_get_user_data(li);
    if (user == NULL || user->log_line == NULL) return;
    char line[1024];
    int n = vsnprintf(line, sizeof line, format, args);
    if (n < 0) return;
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    user->log_line(user->object, priority, line);
}

/// Routes `li`'s log through `vitrine_libinput_log_handler` at `priority` and above.
static inline void vitrine_libinput_route_log(struct libinput *li, enum libinput_log_priority priority) {
    libinput_log_set_handler(li, vitrine_libinput_log_handler);
    libinput_log_set_priority(li, priority);
}

#endif
