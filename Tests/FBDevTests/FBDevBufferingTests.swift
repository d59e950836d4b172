import CFBDev
import Display
import FBDev
import Glibc
import Raster
import Testing

private func open(_ fake: FakeFramebuffer, buffers: Int = 2, log: LogLines = LogLines()) throws(DisplayError)
    -> FBDevDisplay
{
    try FBDevDisplay.open(path: "/dev/fb0", buffers: buffers, log: log.log, system: fake)
}

/// Acquires and presents `count` frames with full damage; returns the ages handed out.
private func ages(_ display: FBDevDisplay, frames count: Int) throws -> [Int] {
    var ages: [Int] = []
    for _ in 0..<count {
        let b = try display.acquire()
        ages.append(b.age)
        try display.present(b, damage: [b.surface.bounds])
    }
    return ages
}

@Suite struct PanningTests {
    @Test func aVirtualHeightOfTwoPagesPans() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake)
        #expect(display.isPanning && display.bufferCount == 2)
        #expect(display.prefersShadow)
        #expect(!fake.calls.contains { $0.hasPrefix("put var") })
        // Page 0 is on screen: the first buffer is page 1, in video memory 480 rows down.
        let first = try display.acquire()
        #expect(first.index == 1)
        #expect(first.surface.baseAddress == fake.memory + 480 * 3200)
        #expect(first.surface.stride == 3200)
        try display.present(first, damage: [])
        let second = try display.acquire()
        #expect(second.index == 0 && second.surface.baseAddress == fake.memory)
        try display.present(second, damage: [])
        // Each present pans, then waits for the blank that makes the pan take effect.
        #expect(fake.calls(from: "pan 0,480") == ["pan 0,480", "vsync", "pan 0,0", "vsync"])
    }

    @Test func aShortVirtualHeightIsAskedForAndRestoredOnClose() throws {
        let fake = FakeFramebuffer(yresVirtual: 480)
        let display = try open(fake)
        #expect(display.bufferCount == 2)
        #expect(display.variableInfo.yresVirtual == 960)
        #expect(fake.calls.contains("put var 800x960+0+0"))
        let b = try display.acquire()
        try display.present(b, damage: [])
        #expect(fake.variable.yoffset == 480)
        display.close()
        #expect(fake.calls(from: "close").isEmpty == false)
        #expect(Array(fake.calls.suffix(3)) == ["put var 800x480+0+0", "unmap", "close"])
        #expect(fake.variable.yres_virtual == 480 && fake.variable.yoffset == 0)
    }

    @Test func theDriversAnswerIsAccepted() throws {
        // A driver that refuses to grow the virtual area.
        let fake = FakeFramebuffer(yresVirtual: 480)
        fake.putErrno = EINVAL
        let log = LogLines()
        let display = try open(fake, log: log)
        #expect(!display.isPanning && display.bufferCount == 1)
        #expect(!display.prefersShadow)
        #expect(
            log.all.contains(
                "info: /dev/fb0: the driver keeps a virtual height of 480 lines (asked for 960): Invalid argument (errno 22)"
            ))
        display.close()
        #expect(!fake.calls.contains("put var 800x480+0+0"))
    }

    @Test func threeBuffersWhenThereIsRoom() throws {
        let fake = FakeFramebuffer(yresVirtual: 480, memoryPages: 3)
        let display = try open(fake, buffers: 3)
        #expect(display.bufferCount == 3)
        #expect(try ages(display, frames: 6) == [0, 0, 0, 3, 3, 3])
        let cycle = ["pan 0,480", "pan 0,960", "pan 0,0"]
        #expect(fake.calls.filter { $0.hasPrefix("pan") } == cycle + cycle)
    }

    @Test func fewerBuffersWhenVideoMemoryIsShort() throws {
        let fake = FakeFramebuffer(yresVirtual: 480, memoryPages: 2)
        let display = try open(fake, buffers: 3)
        // 3 pages don't fit: the driver refuses, then gives the two that do.
        #expect(fake.calls.filter { $0.hasPrefix("put var") } == ["put var 800x1440+0+0", "put var 800x960+0+0"])
        #expect(display.bufferCount == 2)
    }

    @Test func aFailedOpenPutsTheVirtualSizeBack() {
        let fake = FakeFramebuffer(yresVirtual: 480)
        fake.vsyncErrno = ENODEV
        #expect(throws: DisplayError.self) { try open(fake) }
        #expect(fake.calls.filter { $0.hasPrefix("put var") } == ["put var 800x960+0+0", "put var 800x480+0+0"])
        #expect(fake.variable.yres_virtual == 480 && fake.openDescriptors == 0 && fake.liveMappings == 0)
    }

    @Test func noPanStepMeansOneBuffer() throws {
        let fake = FakeFramebuffer(yresVirtual: 960, ypanstep: 0)
        let display = try open(fake)
        #expect(display.bufferCount == 1)
        #expect(!fake.calls.contains { $0.hasPrefix("put var") })
    }

    @Test func drmsEmulationIsNotPanned() throws {
        // Seen on Linux 6.1 (bochs): the pan succeeds, the scanout stays on the first page.
        let fake = FakeFramebuffer(yresVirtual: 960)
        withUnsafeMutableBytes(of: &fake.fixed.id) { id in
            id.copyBytes(from: Array("bochs-drmdrmfb".utf8) + [0, 0])
        }
        let log = LogLines()
        let display = try open(fake, log: log)
        #expect(display.bufferCount == 1 && !display.isPanning)
        _ = try ages(display, frames: 3)
        #expect(!fake.calls.contains { $0.hasPrefix("pan") || $0.hasPrefix("put var") })
        #expect(
            log.all.first
                == "info: /dev/fb0 is DRM's fbdev emulation (bochs-drmdrmfb): one buffer, not panned (the drm backend flips pages)"
        )
    }

    @Test func oneBufferAskedForIsOneBuffer() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake, buffers: 1)
        #expect(display.bufferCount == 1)
    }

    @Test func panningAges() throws {
        let display = try open(FakeFramebuffer(yresVirtual: 960))
        #expect(try ages(display, frames: 5) == [0, 0, 2, 2, 2])
    }

    @Test func closeRestoresThePan() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake)
        let b = try display.acquire()
        try display.present(b, damage: [])
        #expect(fake.variable.yoffset == 480)
        display.close()
        #expect(Array(fake.calls.suffix(3)) == ["pan 0,0", "unmap", "close"])
        #expect(fake.variable.yoffset == 0)
        #expect(fake.openDescriptors == 0 && fake.liveMappings == 0)
        display.close()  // idempotent
        #expect(fake.calls.filter { $0 == "close" }.count == 1)
        #expect(throws: DisplayError.unavailable("/dev/fb0: closed")) { try display.acquire() }
    }

    @Test func closeRestoresAConsoleScrolledToThePageBelow() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        fake.variable.yoffset = 480
        let display = try open(fake)
        // Page 1 is on screen: draw into page 0 first.
        let b = try display.acquire()
        #expect(b.index == 0)
        try display.present(b, damage: [])
        display.close()
        #expect(fake.variable.yoffset == 480)
    }

    @Test func closeWithoutPanningLeavesTheOffsetAlone() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake)
        display.close()
        #expect(!fake.calls.contains { $0.hasPrefix("pan") })
        #expect(fake.openDescriptors == 0 && fake.liveMappings == 0)
    }

    @Test func deinitCloses() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        do {
            let display = try open(fake)
            let b = try display.acquire()
            try display.present(b, damage: [])
        }
        #expect(fake.variable.yoffset == 0)
        #expect(fake.openDescriptors == 0 && fake.liveMappings == 0)
    }

    @Test func aFailedPanNamesTheIoctl() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake)
        fake.panErrno = EINVAL
        let b = try display.acquire()
        let refused = DisplayError.system(
            device: "/dev/fb0", call: "FBIOPAN_DISPLAY", errno: EINVAL, message: "Invalid argument")
        #expect(throws: refused) { try display.present(b, damage: []) }
        #expect(refused.description == "/dev/fb0: FBIOPAN_DISPLAY: Invalid argument (errno 22)")
        // The next frame can still be tried.
        fake.panErrno = 0
        let again = try display.acquire()
        try display.present(again, damage: [])
    }

    @Test func aDeviceGoneIsUnavailable() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake)
        fake.panErrno = ENODEV
        let b = try display.acquire()
        let gone = DisplayError.unavailable("/dev/fb0: device gone (FBIOPAN_DISPLAY: No such device (errno 19))")
        #expect(throws: gone) { try display.present(b, damage: []) }
    }

    @Test func acquireAndPresentInTurn() throws {
        let display = try open(FakeFramebuffer(yresVirtual: 960))
        let b = try display.acquire()
        #expect(throws: DisplayError.alreadyAcquired(index: 1)) { try display.acquire() }
        try display.present(b, damage: [])
        #expect(throws: DisplayError.notAcquired(index: 1)) { try display.present(b, damage: []) }
    }
}

@Suite struct ConsoleTests {
    @Test func theConsoleIsInGraphicsModeWhileOpen() throws {
        let fake = FakeFramebuffer(yresVirtual: 480)
        let display = try FBDevDisplay.open(
            path: "/dev/fb0", buffers: 2, console: .path("/dev/tty0"), log: .silent, system: fake)
        #expect(fake.consoleMode == 1)
        // Graphics mode before the virtual size changes: fbcon then doesn't record it.
        #expect(
            Array(fake.calls.prefix(7)) == [
                "open /dev/fb0", "get var", "get fix", "open /dev/tty0", "kdgetmode", "kdsetmode 1", "blank 0",
            ])
        #expect(fake.calls.contains("put var 800x960+0+0"))
        let b = try display.acquire()
        try display.present(b, damage: [])
        display.close()
        // The virtual size back first, then text mode (fbcon redraws), then the device goes.
        #expect(Array(fake.calls.suffix(5)) == ["put var 800x480+0+0", "kdsetmode 0", "close tty", "unmap", "close"])
        #expect(fake.consoleMode == 0 && fake.openDescriptors == 0)
    }

    @Test func aFailedOpenPutsTheConsoleBack() {
        let fake = FakeFramebuffer(yresVirtual: 480)
        fake.fixed.smem_len = 100
        #expect(throws: DisplayError.self) {
            try FBDevDisplay.open(path: "/dev/fb0", buffers: 2, console: .path("/dev/tty0"), log: .silent, system: fake)
        }
        #expect(fake.consoleMode == 0 && fake.openDescriptors == 0)
    }

    @Test func standardInputIsSwitchedNotOpened() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try FBDevDisplay.open(
            path: "/dev/fb0", buffers: 2, console: .standardInput, log: .silent, system: fake)
        #expect(fake.consoleMode == 1)
        #expect(fake.ttyDescriptors == [0])
        display.close()
        #expect(fake.consoleMode == 0)
        #expect(!fake.calls.contains { $0.contains("tty") })
    }

    @Test func aConsoleLeftInGraphicsModeStaysSo() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        fake.consoleMode = 1
        let display = try FBDevDisplay.open(
            path: "/dev/fb0", buffers: 2, console: .path("/dev/tty0"), log: .silent, system: fake)
        display.close()
        #expect(fake.consoleMode == 1)
    }

    @Test func aConsoleThatCantBeHadIsWarnedAbout() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        fake.ttyOpenErrno = EACCES
        let log = LogLines()
        let display = try FBDevDisplay.open(
            path: "/dev/fb0", buffers: 2, console: .path("/dev/tty0"), log: log.log, system: fake)
        #expect(display.bufferCount == 2)
        #expect(
            log.all.contains(
                "warning: /dev/tty0: open: Permission denied (errno 13): the console may draw over the frames (KDSETMODE needs the terminal as the controlling one, or root)"
            ))
    }

    @Test func noConsoleIsLeftAlone() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        _ = try FBDevDisplay.open(path: "/dev/fb0", buffers: 2, log: .silent, system: fake)
        #expect(!fake.calls.contains { $0.contains("tty") || $0.hasPrefix("kd") })
    }
}

@Suite struct SingleBufferTests {
    @Test func theShadowIsCopiedOutWholeThenByDamage() throws {
        let fake = FakeFramebuffer(yresVirtual: 480, ypanstep: 0, lineLength: 3328)
        let display = try open(fake)
        #expect(display.bufferCount == 1)
        let first = try display.acquire()
        // A shadow in ordinary memory, not video memory.
        #expect(first.surface.baseAddress != fake.memory)
        #expect(first.age == 0)
        first.surface.fill(0xff11_2233)
        try display.present(first, damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        // Never shown before: the whole frame goes out, whatever the damage says.
        #expect(fake.pixel32(x: 799, y: 479) & 0x00ff_ffff == 0x11_2233)
        #expect(fake.pixel32(x: 0, y: 0) & 0x00ff_ffff == 0x11_2233)

        let second = try display.acquire()
        #expect(second.age == 1)
        #expect(second.surface === first.surface)
        second.surface.fill(0xff44_5566)
        try display.present(second, damage: [PixelRect(x: 10, y: 20, width: 30, height: 40)])
        #expect(fake.pixel32(x: 10, y: 20) & 0x00ff_ffff == 0x44_5566)
        #expect(fake.pixel32(x: 39, y: 59) & 0x00ff_ffff == 0x44_5566)
        #expect(fake.pixel32(x: 40, y: 59) & 0x00ff_ffff == 0x11_2233)
        #expect(fake.pixel32(x: 9, y: 20) & 0x00ff_ffff == 0x11_2233)
        // The padding at the end of each row (line_length 3328 > 800 * 4) is never written.
        #expect((fake.memory + 3200).load(as: UInt32.self) == 0)
        // The blank is waited for before the copy; there is no pan.
        #expect(fake.calls(from: "blank 0").filter { $0 == "vsync" }.count == 3 + 2)
        #expect(!fake.calls.contains { $0.hasPrefix("pan") })
    }

    /// One buffer: its shadow, ordinary memory, is the frame shown (for a screenshot),
    /// once presented and while not handed out; panned pages are video memory: none.
    @Test func theFrontIsTheShadowOnceShown() throws {
        let display = try open(FakeFramebuffer(yresVirtual: 480, ypanstep: 0))
        #expect(display.front == nil)
        let b = try display.acquire()
        #expect(display.front == nil)
        try display.present(b, damage: [b.surface.bounds])
        #expect(display.front === b.surface)
        let panned = try open(FakeFramebuffer(yresVirtual: 960))
        let p = try panned.acquire()
        try panned.present(p, damage: [p.surface.bounds])
        #expect(panned.front == nil)
    }

    @Test func sixteenBitsSingleBuffer() throws {
        let fake = FakeFramebuffer(bitsPerPixel: 16, yresVirtual: 480, ypanstep: 0)
        let display = try open(fake)
        let b = try display.acquire()
        b.surface.fill(0xffff_0000)
        try display.present(b, damage: [b.surface.bounds])
        #expect(fake.pixel16(x: 400, y: 240) == 0xf800)
    }

    @Test func singleBufferAges() throws {
        let display = try open(FakeFramebuffer(yresVirtual: 480, ypanstep: 0))
        #expect(try ages(display, frames: 4) == [0, 1, 1, 1])
    }

    @Test func theConsolesPageIsTheOneDrawn() throws {
        // No panning, but the console scrolled to the second page of a taller virtual area.
        let fake = FakeFramebuffer(yresVirtual: 960, ypanstep: 0)
        fake.variable.yoffset = 480
        let display = try open(fake)
        let b = try display.acquire()
        b.surface.fill(0xff00_00ff)
        try display.present(b, damage: [b.surface.bounds])
        #expect(fake.pixel32(x: 0, y: 480) & 0xff == 0xff)
        #expect(fake.pixel32(x: 0, y: 479) == 0)
    }

    @Test func videoMemoryOffsetInItsPage() throws {
        let fake = FakeFramebuffer(yresVirtual: 480, ypanstep: 0, smemStartInPage: 256)
        let display = try open(fake)
        #expect(fake.calls.contains("map \(800 * 4 * 480 * 2 + 256)"))
        let b = try display.acquire()
        b.surface.fill(0xff12_3456)
        try display.present(b, damage: [b.surface.bounds])
        #expect(fake.pixel32(x: 0, y: 0) & 0x00ff_ffff == 0x12_3456)
    }
}

@Suite struct VSyncTests {
    @Test func vsyncIsProbedAtOpen() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let display = try open(fake)
        #expect(display.vsync == .supported)
    }

    @Test func unsupportedVSyncIsRememberedAndNotTriedAgain() throws {
        for errno in [ENOTTY, EINVAL] {
            let fake = FakeFramebuffer(yresVirtual: 960)
            fake.vsyncErrno = errno
            let log = LogLines()
            let display = try open(fake, log: log)
            #expect(display.vsync == .unsupported(Errno(errno)))
            _ = try ages(display, frames: 3)
            #expect(fake.calls.filter { $0 == "vsync" }.count == 1)
            #expect(
                log.all.last?.hasSuffix("paced by a timer (no FBIO_WAITFORVSYNC: \(Errno(errno))) at 60.0 Hz") == true)
        }
    }

    @Test func aWaitThatDoesNotWaitIsNoWait() throws {
        // DRM's fbdev emulation answers FBIO_WAITFORVSYNC at once on a driver without vblank.
        let fake = FakeFramebuffer(yresVirtual: 960)
        fake.vsyncPeriod = 0
        let log = LogLines()
        let display = try open(fake, log: log)
        #expect(display.vsync == .returnsAtOnce)
        _ = try ages(display, frames: 3)
        #expect(fake.calls.filter { $0 == "vsync" }.count == 3)
        #expect(
            log.all.last?.hasSuffix("paced by a timer (FBIO_WAITFORVSYNC returns without waiting) at 60.0 Hz") == true)
    }

    @Test func aFastPanelStillWaits() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        fake.vsyncPeriod = 1.0 / 240
        #expect(try open(fake).vsync == .supported)
    }

    @Test func vsyncLostLaterStopsTrying() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let log = LogLines()
        let display = try open(fake, log: log)
        fake.vsyncErrno = ENOTTY
        _ = try ages(display, frames: 3)
        #expect(display.vsync == .unsupported(Errno(ENOTTY)))
        #expect(fake.calls.filter { $0 == "vsync" }.count == 3 + 1)
        #expect(
            log.all.last
                == "warning: /dev/fb0: FBIO_WAITFORVSYNC: Inappropriate ioctl for device (errno 25): frames are paced by a timer from now on"
        )
    }

    @Test func aTimedOutVSyncIsWarnedAboutOnce() throws {
        let fake = FakeFramebuffer(yresVirtual: 960)
        let log = LogLines()
        let display = try open(fake, log: log)
        fake.vsyncErrno = ETIMEDOUT
        _ = try ages(display, frames: 3)
        #expect(display.vsync == .supported)
        #expect(log.all.filter { $0.hasPrefix("warning") }.count == 1)
    }

    @Test func theOpenLineSaysWhatWasChosen() throws {
        let log = LogLines()
        _ = try open(FakeFramebuffer(yresVirtual: 960), log: log)
        #expect(
            log.all == [
                "info: fbdev /dev/fb0 \"fakefb\": 800x480 xrgb8888, 3200 bytes a row, 2 buffers by panning (virtual height 960), paced by FBIO_WAITFORVSYNC at 60.0 Hz"
            ])
    }

    @Test func refreshRateFromTheTimings() throws {
        // 800x480 panel timings: 33.3 MHz (30030 ps), htotal 800+46+210+1 = 1057, vtotal 480+23+22+1 = 526.
        let fake = FakeFramebuffer(yresVirtual: 960)
        fake.variable.pixclock = 30030
        fake.variable.left_margin = 46
        fake.variable.right_margin = 210
        fake.variable.hsync_len = 1
        fake.variable.upper_margin = 23
        fake.variable.lower_margin = 22
        fake.variable.vsync_len = 1
        let display = try open(fake)
        let expected = 1e12 / (30030.0 * 1057 * 526)
        #expect(abs(display.refreshRate - expected) < 1e-9)
        #expect(abs(display.refreshRate - 59.89) < 0.01)
    }

    @Test func noPixelClockMeansSixty() throws {
        let display = try open(FakeFramebuffer(yresVirtual: 960))
        #expect(display.refreshRate == 60)
    }
}
