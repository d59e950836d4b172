import CFBDev
import Display
import FBDev
import Glibc
import Raster
import Synchronization
import Testing

/// Log lines a display sent, "info: ..." and "warning: ...".
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }

    var log: DisplayLog {
        DisplayLog(
            info: { line in self.lines.withLock { $0.append("info: \(line)") } },
            warning: { line in self.lines.withLock { $0.append("warning: \(line)") } })
    }
}

private func open(_ fake: FakeFramebuffer, buffers: Int = 2, log: LogLines = LogLines()) throws(DisplayError)
    -> FBDevDisplay
{
    try FBDevDisplay.open(path: "/dev/fb0", buffers: buffers, log: log.log, system: fake)
}

/// The error `open` throws, or nil.
private func openError(_ fake: FakeFramebuffer, buffers: Int = 2) -> DisplayError? {
    do {
        _ = try open(fake, buffers: buffers)
        return nil
    } catch {
        return error
    }
}

@Suite struct FormatTests {
    @Test func thirtyTwoBitsIsXRGB8888() throws {
        let fake = FakeFramebuffer(bitsPerPixel: 32)
        let display = try open(fake)
        #expect(display.format == .xrgb8888)
        #expect(display.width == 800 && display.height == 480)
        #expect(display.name == "fbdev /dev/fb0 800x480 32bpp")
        #expect(display.variableInfo.red == FramebufferChannel(offset: 16, length: 8))
        #expect(display.fixedInfo.id == "fakefb")
    }

    @Test func sixteenBitsIsRGB565() throws {
        let fake = FakeFramebuffer(bitsPerPixel: 16)
        let display = try open(fake)
        #expect(display.format == .rgb565)
        #expect(display.name == "fbdev /dev/fb0 800x480 16bpp")
        let buffer = try display.acquire()
        #expect(buffer.surface.format == .rgb565)
        #expect(buffer.surface.stride == 1600)
    }

    @Test func blueFirstThirtyTwoBitsIsRefused() {
        let fake = FakeFramebuffer(bitsPerPixel: 32)
        fake.variable.red = fb_bitfield(offset: 0, length: 8, msb_right: 0)
        fake.variable.blue = fb_bitfield(offset: 16, length: 8, msb_right: 0)
        #expect(
            openError(fake)
                == .unsupported(
                    "/dev/fb0: 32 bpp, red 0/8, green 8/8, blue 16/8 is not xrgb8888 (red 16/8, green 8/8, blue 0/8)"))
        #expect(fake.openDescriptors == 0)
    }

    @Test func rgb555IsRefused() {
        let fake = FakeFramebuffer(bitsPerPixel: 16)
        fake.variable.red = fb_bitfield(offset: 10, length: 5, msb_right: 0)
        fake.variable.green = fb_bitfield(offset: 5, length: 5, msb_right: 0)
        let error = openError(fake)
        #expect(
            error
                == .unsupported(
                    "/dev/fb0: 16 bpp, red 10/5, green 5/5, blue 0/5 is not rgb565 (red 11/5, green 5/6, blue 0/5)"))
        #expect(
            error?.description
                == "display: /dev/fb0: 16 bpp, red 10/5, green 5/5, blue 0/5 is not rgb565 (red 11/5, green 5/6, blue 0/5)"
        )
    }

    @Test func twentyFourBitsIsRefused() {
        let fake = FakeFramebuffer(bitsPerPixel: 32)
        fake.variable.bits_per_pixel = 24
        #expect(
            openError(fake)
                == .unsupported(
                    "/dev/fb0: 24 bpp, red 16/8, green 8/8, blue 0/8 is not 32 bpp xrgb8888 or 16 bpp rgb565; "
                        + "set a supported depth (e.g. fbset -depth 32, or video=...-32 on the kernel command line)"))
    }

    @Test func msbRightIsRefused() {
        let fake = FakeFramebuffer(bitsPerPixel: 32)
        fake.variable.green = fb_bitfield(offset: 8, length: 8, msb_right: 1)
        #expect(
            openError(fake)
                == .unsupported(
                    "/dev/fb0: 32 bpp, red 16/8, green 8/8 msb-right, blue 0/8 is not xrgb8888 (red 16/8, green 8/8, blue 0/8)"
                ))
    }

    @Test func pseudocolorIsRefused() {
        let fake = FakeFramebuffer(bitsPerPixel: 32)
        fake.variable.bits_per_pixel = 8
        fake.fixed.visual = 3
        #expect(
            openError(fake)
                == .unsupported(
                    "/dev/fb0: visual 3 is not truecolor (2) or directcolor (4); 8 bpp, red 16/8, green 8/8, blue 0/8"))
    }

    @Test func planarIsRefused() {
        let fake = FakeFramebuffer()
        fake.fixed.type = 1
        #expect(openError(fake) == .unsupported("/dev/fb0: framebuffer type 1 is not packed pixels (type 0)"))
    }

    @Test func grayscaleIsRefused() {
        let fake = FakeFramebuffer()
        fake.variable.grayscale = 1
        #expect(
            openError(fake)
                == .unsupported(
                    "/dev/fb0: grayscale 1, nonstd 0 is not a standard colour layout; 32 bpp, red 16/8, green 8/8, blue 0/8"
                ))
    }

    @Test func requestNumbersAreTheHeaders() {
        #expect(FramebufferRequest.getVariableInfo.code == UInt(FBIOGET_VSCREENINFO))
        #expect(FramebufferRequest.putVariableInfo.code == UInt(FBIOPUT_VSCREENINFO))
        #expect(FramebufferRequest.getFixedInfo.code == UInt(FBIOGET_FSCREENINFO))
        #expect(FramebufferRequest.panDisplay.code == UInt(FBIOPAN_DISPLAY))
        #expect(FramebufferRequest.blank.code == UInt(FBIOBLANK))
        // _IOW('F', 0x20, __u32): write direction (1 << 30), size 4 (<< 16), type 'F' (<< 8), number 0x20.
        #expect(FramebufferRequest.waitForVSync.code == 1 << 30 | 4 << 16 | UInt(UInt8(ascii: "F")) << 8 | 0x20)
    }
}

@Suite struct OpenFailureTests {
    @Test func permissionDeniedNamesTheVideoGroup() {
        let fake = FakeFramebuffer()
        fake.openErrno = EACCES
        let error = openError(fake)
        #expect(error == .unavailable("/dev/fb0: permission denied; the user needs the video group"))
        #expect(error?.description == "no usable display: /dev/fb0: permission denied; the user needs the video group")
    }

    @Test func missingDeviceNamesThePath() throws {
        let fake = FakeFramebuffer()
        fake.openErrno = ENOENT
        let error = openError(fake)
        #expect(error == .unavailable("/dev/fb0: no such device"))
        #expect(error?.description == "no usable display: /dev/fb0: no such device")
        fake.openErrno = ENODEV
        #expect(openError(fake) == .unavailable("/dev/fb0: no such device"))
    }

    @Test func otherOpenErrorsNameTheCall() {
        let fake = FakeFramebuffer()
        fake.openErrno = EMFILE
        #expect(
            openError(fake)
                == .system(device: "/dev/fb0", call: "open", errno: EMFILE, message: "Too many open files"))
    }

    @Test func theRealSystemReportsAMissingNode() {
        do {
            _ = try FBDevDisplay.open(path: "/nonexistent/fb9", buffers: 2, log: .silent)
            Issue.record("opened a missing node")
        } catch {
            #expect(error == .unavailable("/nonexistent/fb9: no such device"))
        }
    }

    @Test func interruptedIoctlsAreRetried() throws {
        let fake = FakeFramebuffer()
        fake.interruptOnce = [0x4600, 0x4602]
        _ = try open(fake)
        #expect(Array(fake.calls.prefix(5)) == ["open /dev/fb0", "EINTR", "get var", "EINTR", "get fix"])
    }

    @Test func badBufferCountsAreRefused() {
        #expect(openError(FakeFramebuffer(), buffers: 0) == .unsupported("0 buffers (1, 2 or 3)"))
        #expect(openError(FakeFramebuffer(), buffers: 4) == .unsupported("4 buffers (1, 2 or 3)"))
    }

    @Test func tooLittleVideoMemoryIsRefused() {
        let fake = FakeFramebuffer(memoryPages: 1)
        fake.fixed.smem_len = 800 * 4 * 479
        #expect(
            openError(fake)
                == .unsupported(
                    "/dev/fb0: 1532800 bytes of video memory can't hold 1 800x480 page(s) at offset 0,0, 3200 bytes a row"
                ))
    }
}

@Suite struct BlankTests {
    @Test func openUnblanks() throws {
        let fake = FakeFramebuffer()
        _ = try open(fake)
        #expect(fake.calls.contains("blank 0"))
    }

    @Test func unblankEINVALIsIgnored() throws {
        let fake = FakeFramebuffer()
        fake.blankErrno = EINVAL
        let log = LogLines()
        _ = try open(fake, log: log)
        #expect(fake.calls.contains("blank 0"))
        #expect(!log.all.contains { $0.hasPrefix("warning") })
    }

    @Test func otherUnblankFailuresAreWarnedAbout() throws {
        let fake = FakeFramebuffer()
        fake.blankErrno = EIO
        let log = LogLines()
        _ = try open(fake, log: log)
        #expect(
            log.all.contains("warning: /dev/fb0: FBIOBLANK: Input/output error (errno 5); the screen may stay blank"))
    }
}
