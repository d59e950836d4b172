import Display
import FBDev
import Glibc
import Raster
import Testing

/// Screen power on fbdev: FBIOBLANK powerdown and unblank, frames while off, refusals,
/// and close.
@Suite struct FBDevPowerTests {
    func open(_ fake: FakeFramebuffer, buffers: Int = 2, log: LogLines = LogLines()) throws -> FBDevDisplay {
        try FBDevDisplay.open(path: "/dev/fb0", buffers: buffers, log: log.log, system: fake)
    }

    func frame(_ d: FBDevDisplay) throws -> Int {
        let b = try d.acquire()
        try d.present(b, damage: [PixelRect(x: 0, y: 0, width: 4, height: 4)])
        return b.age
    }

    @Test func offPowersDownAndOnUnblanks() throws {
        let fake = FakeFramebuffer()
        let log = LogLines()
        let d = try open(fake, log: log)
        #expect(fake.blanks == [0] && d.isScreenOn)
        try d.setScreenPower(false)
        #expect(fake.blanks == [0, 4] && fake.blanking == 4 && !d.isScreenOn)
        #expect(log.all.last == "info: fbdev: /dev/fb0 switched off (powered down)")
        // Asked again: nothing more.
        try d.setScreenPower(false)
        #expect(fake.blanks == [0, 4])
        try d.setScreenPower(true)
        #expect(fake.blanks == [0, 4, 0] && fake.blanking == 0 && d.isScreenOn)
        #expect(log.all.last == "info: fbdev: /dev/fb0 switched on (unblanked)")
    }

    @Test func framesWhileOffPanButWaitForNoBlank() throws {
        let fake = FakeFramebuffer()
        let d = try open(fake)
        #expect(d.vsync == .supported && d.isPanning)
        try d.setScreenPower(false)
        fake.calls.removeAll()
        _ = try frame(d)
        _ = try frame(d)
        #expect(fake.calls == ["pan 0,480", "pan 0,0"])
        try d.setScreenPower(true)
        fake.calls.removeAll()
        _ = try frame(d)
        #expect(fake.calls == ["pan 0,480", "vsync"])
    }

    @Test func afterOnEveryAgeIsZeroAndTheShadowIsCopiedOutWhole() throws {
        let fake = FakeFramebuffer(ypanstep: 0)
        let d = try open(fake)
        #expect(!d.isPanning)
        for _ in 0..<2 { _ = try frame(d) }
        #expect(try frame(d) == 1)
        try d.setScreenPower(false)
        try d.setScreenPower(true)
        let b = try d.acquire()
        #expect(b.age == 0)
        b.surface.fill(0xff12_3456)
        // Damage of one corner: the whole shadow goes out all the same.
        try d.present(b, damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        #expect(fake.pixel32(x: 799, y: 479) & 0x00ff_ffff == 0x12_3456)
        #expect(try frame(d) == 1)
    }

    @Test func panningAgesAreZeroAfterOn() throws {
        let fake = FakeFramebuffer()
        let d = try open(fake)
        for _ in 0..<3 { _ = try frame(d) }
        try d.setScreenPower(false)
        try d.setScreenPower(true)
        #expect(try frame(d) == 0)
        #expect(try frame(d) == 0)
        #expect(try frame(d) == 2)
    }

    @Test func aDriverThatCantBlankNamesTheDeviceTheCallAndErrno() throws {
        let fake = FakeFramebuffer()
        let d = try open(fake)
        fake.blankErrno = EINVAL
        #expect(
            throws: DisplayError.system(
                device: "/dev/fb0", call: "FBIOBLANK", errno: EINVAL, message: Errno(EINVAL).message)
        ) {
            try d.setScreenPower(false)
        }
        // Nothing changed: still on, frames still wait for the blank.
        #expect(d.isScreenOn && fake.blanking == 0)
        fake.calls.removeAll()
        _ = try frame(d)
        #expect(fake.calls.last == "vsync")
    }

    @Test func aDeviceGoneIsUnavailable() throws {
        let fake = FakeFramebuffer()
        let d = try open(fake)
        fake.blankErrno = ENODEV
        #expect(throws: DisplayError.unavailable("/dev/fb0: device gone (FBIOBLANK: \(Errno(ENODEV)))")) {
            try d.setScreenPower(false)
        }
        #expect(d.isScreenOn)
    }

    @Test func anInterruptedBlankIsRetried() throws {
        let fake = FakeFramebuffer()
        let d = try open(fake)
        fake.calls.removeAll()
        fake.interruptOnce.insert(0x4611)
        try d.setScreenPower(false)
        #expect(fake.calls == ["EINTR", "blank 4"])
        #expect(!d.isScreenOn)
    }

    @Test func closeWhileOffUnblanksForTheConsole() throws {
        let fake = FakeFramebuffer()
        let d = try open(fake)
        try d.setScreenPower(false)
        fake.calls.removeAll()
        d.close()
        // Before the video memory goes and the device is closed.
        let blank = try #require(fake.calls.firstIndex(of: "blank 0"))
        #expect(blank < fake.calls.firstIndex(of: "unmap")! && fake.blanking == 0)
        // Closed: nothing more is asked of the device.
        try d.setScreenPower(false)
        #expect(fake.blanks.last == 0)
    }

    @Test func aRefusedUnblankAtCloseIsWarnedAbout() throws {
        let fake = FakeFramebuffer()
        let log = LogLines()
        let d = try open(fake, log: log)
        try d.setScreenPower(false)
        fake.blankErrno = EIO
        d.close()
        #expect(log.all.last == "warning: /dev/fb0: FBIOBLANK: \(Errno(EIO)): the console may stay blank")
    }
}
