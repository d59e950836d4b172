internal import Glibc

/// How many times one call is retried on EINTR or EAGAIN before the errno is thrown:
/// a bound, so a driver that keeps answering EAGAIN can't turn a call into a busy loop.
let drmCallRetries = 100

/// Runs one libdrm call or DRM ioctl: the one place every call into the kernel's DRM
/// goes through. Retries EINTR (a signal arrived) and EAGAIN (the driver asks again),
/// and throws `DRMError` naming `call`, `device` and the errno otherwise.
///
/// libdrm reports failure two ways: -1 with `errno` set (drmIoctl and what returns it
/// directly) or `-errno` (what goes through its DRM_IOCTL macro); both are read here.
/// - Returns: the call's non-negative result.
@discardableResult
func drmCall(_ call: String, device: String, _ body: () -> Int32) throws(DRMError) -> Int32 {
    var tries = 0
    while true {
        errno = 0
        let r = body()
        if r >= 0 { return r }
        let e = r == -1 && errno != 0 ? errno : -r
        tries += 1
        if (e == EINTR || e == EAGAIN) && tries < drmCallRetries { continue }
        throw DRMError(call: call, device: device, errno: e)
    }
}

/// `drmCall` for libdrm functions that return a pointer, NULL with `errno` set on
/// failure (drmModeGetConnector, drmModeGetResources, ...).
func drmCall<T>(_ call: String, device: String, _ body: () -> T?) throws(DRMError) -> T {
    var tries = 0
    while true {
        errno = 0
        if let r = body() { return r }
        let e = errno != 0 ? errno : EIO
        tries += 1
        if (e == EINTR || e == EAGAIN) && tries < drmCallRetries { continue }
        throw DRMError(call: call, device: device, errno: e)
    }
}
