import CDRM
import Raster
import Testing

@testable import DRM

@Suite struct KernelValueTests {
    @Test func fourccCodesAreTheKernels() {
        #expect(FourCC.xrgb8888.rawValue == vitrine_drm_format_xrgb8888())
        #expect(FourCC.rgb565.rawValue == vitrine_drm_format_rgb565())
        #expect(FourCC(.xrgb8888) == .xrgb8888 && FourCC(.rgb565) == .rgb565 && FourCC(.a8) == nil)
        #expect(FourCC.xrgb8888.description == "XR24")
        #expect(FourCC(rawValue: 1).description == "0x00000001")
    }

    @Test func modeRefreshAndNames() {
        // CEA 1080p at 59.94 Hz: 148351.6 kHz over 2200 x 1125.
        let ntsc = Mode(
            timings: ModeTimings(
                clock: 148_352, hdisplay: 1920, hsyncStart: 2008, hsyncEnd: 2052, htotal: 2200, vdisplay: 1080,
                vsyncStart: 1084, vsyncEnd: 1089, vtotal: 1125, vrefresh: 60, name: "1920x1080"))
        #expect(abs(ntsc.refresh - 59.94) < 0.001)
        #expect(ntsc.description == "1920x1080@60")
        #expect(ntsc.matches(.init(width: 1920, height: 1080, refresh: 60)))
        #expect(!ntsc.matches(.init(width: 1920, height: 1080, refresh: 50)))
        #expect(ntsc.matches(.init(width: 1920, height: 1080)))
        #expect(!ntsc.isPreferred)
        var interlaced = ntsc
        interlaced.timings.flags = 1 << 4
        #expect(abs(interlaced.refresh - 119.88) < 0.001)
        let zero = Mode(
            timings: ModeTimings(
                clock: 0, hdisplay: 800, hsyncStart: 0, hsyncEnd: 0, htotal: 0, vdisplay: 480, vsyncStart: 0,
                vsyncEnd: 0, vtotal: 0, vrefresh: 58, name: ""))
        #expect(zero.refresh == 58)
    }

    @Test func connectorNamesAreTheKernels() {
        #expect(Connector.typeName(11) == "HDMI-A")
        #expect(Connector.typeName(16) == "DSI")
        #expect(Connector.typeName(15) == "Virtual")
        #expect(Connector.typeName(14) == "eDP")
        #expect(Connector.typeName(99) == "Unknown99")
    }

    @Test func atomicRequestsRememberMissingProperties() {
        var r = AtomicRequest()
        let props = PropertySet([Property(id: 7, name: "FB_ID", kind: .object, value: 0)])
        r.set("FB_ID", of: 31, in: props, to: 120)
        r.set("rotation", of: 31, in: props, to: 8)
        #expect(r.settings.map(\.property) == [7])
        #expect(r.missing == ["31 rotation"])
        #expect(r.objects == [31])
    }

    @Test func errorsNameDeviceCallAndErrno() {
        let e = DRMError(call: "drmModePageFlip", device: "/dev/dri/card0", errno: 16)
        #expect(e.description == "/dev/dri/card0: drmModePageFlip: Device or resource busy (errno 16)")
        #expect(
            e.displayError
                == .system(
                    device: "/dev/dri/card0", call: "drmModePageFlip", errno: 16, message: "Device or resource busy"))
    }

    @Test func theCallHelperRetriesInterruptedCalls() throws {
        var tries = 0
        let r = try drmCall("x", device: "d") { () -> Int32 in
            tries += 1
            return tries < 3 ? -4 : 7  // -EINTR twice
        }
        #expect((r, tries) == (7, 3))
        tries = 0
        #expect(throws: DRMError(call: "x", device: "d", errno: 11)) {
            try drmCall("x", device: "d") { () -> Int32 in
                tries += 1
                return -11  // EAGAIN for ever: bounded
            }
        }
        #expect(tries == drmCallRetries)
    }
}
