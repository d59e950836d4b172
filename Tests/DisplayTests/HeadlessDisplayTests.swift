import Raster
import Testing

@testable import Display

@Suite struct HeadlessDisplayTests {
    @Test(arguments: [1, 2, 3]) func agesFollowTheSwapChain(buffers: Int) throws {
        let d = try HeadlessDisplay(width: 8, height: 4, buffers: buffers)
        var ages: [Int] = []
        for _ in 0..<(buffers + 2) {
            let b = try d.acquire()
            ages.append(b.age)
            b.surface.fill(0xff00_0000 | UInt32(d.presentedFrames))
            try d.present(b, damage: [b.surface.bounds])
            #expect(d.front === b.surface)
        }
        // Each buffer is new (age 0) the first time round, then was shown `buffers`
        // frames ago.
        #expect(ages == Array(repeating: 0, count: buffers) + Array(repeating: buffers, count: 2))
        #expect(d.presentedFrames == buffers + 2)
    }

    @Test func acquireAndPresentMustAlternate() throws {
        let d = try HeadlessDisplay(width: 8, height: 4)
        let b = try d.acquire()
        #expect(throws: DisplayError.alreadyAcquired(index: 0)) { try d.acquire() }
        try d.present(b, damage: [])
        #expect(throws: DisplayError.notAcquired(index: 0)) { try d.present(b, damage: []) }
    }

    @Test func badConfigurationsAreRefused() {
        #expect(throws: DisplayError.unsupported("scanout format argb8888 (xrgb8888 or rgb565)")) {
            try HeadlessDisplay(width: 8, height: 4, format: .argb8888)
        }
        #expect(throws: DisplayError.unsupported("4 buffers (1, 2 or 3)")) {
            try HeadlessDisplay(width: 8, height: 4, buffers: 4)
        }
        #expect(DisplayError.unsupported("4 buffers (1, 2 or 3)").description == "display: 4 buffers (1, 2 or 3)")
        #expect(throws: DisplayError.self) { try HeadlessDisplay(width: 0, height: 4) }
    }

    @Test func rgb565Buffers() throws {
        let d = try HeadlessDisplay(width: 8, height: 4, format: .rgb565, buffers: 1)
        let b = try d.acquire()
        #expect(b.surface.format == .rgb565)
        try d.present(b, damage: [])
        #expect(try d.acquire().age == 1)
    }
}

@Suite struct HeadlessDisplayAgeTests {
    @Test func withoutAgesEveryBufferIsUnknown() throws {
        let d = try HeadlessDisplay(width: 8, height: 4, buffers: 2, knowsAge: false)
        for _ in 0..<4 {
            let b = try d.acquire()
            #expect(b.age == 0)
            try d.present(b, damage: [])
        }
    }
}

@Suite struct HeadlessScreenPowerTests {
    @Test func theStateIsKeptAndOnForgetsTheAges() throws {
        let d = try HeadlessDisplay(width: 8, height: 4)
        #expect(d.isScreenOn)
        for _ in 0..<2 { try d.present(try d.acquire(), damage: []) }
        try d.setScreenPower(false)
        #expect(!d.isScreenOn)
        // Nothing to switch: frames go on, with their ages.
        let off = try d.acquire()
        #expect(off.age == 2)
        try d.present(off, damage: [])
        #expect(d.front === off.surface)
        try d.setScreenPower(false)
        #expect(!d.isScreenOn)
        try d.setScreenPower(true)
        #expect(d.isScreenOn)
        #expect(try d.acquire().age == 0)
    }
}
