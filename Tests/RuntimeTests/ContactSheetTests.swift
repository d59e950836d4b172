import Raster
import Runtime
import Testing

@Suite struct ContactSheetTests {
    @Test func thumbnailsAreBoxAveragesInOrder() throws {
        // 640 wide: shrunk by 2. Two frames, each a flat colour but one pixel.
        var sheet = try ContactSheet(frames: 2, width: 640, height: 4, columns: 2)
        #expect(sheet.factor == 2)
        let a = try Surface(width: 640, height: 4, format: .xrgb8888)
        a.fill(0xff10_2030)
        a[0, 0] = 0xff50_6070  // averaged with three 0x10_2030 pixels
        let b = try Surface(width: 640, height: 4, format: .rgb565)
        b.fill(0xffff_0000)  // pure red in 5-6-5
        sheet.add(a)
        sheet.add(b)
        let g = sheet.gap
        #expect(sheet.sheet[g, g] == 0xff20_3040)
        #expect(sheet.sheet[g + 1, g] == 0xff10_2030)
        #expect(sheet.sheet[g + 320 + g, g] == 0xffff_0000)  // rgb565 widened to xrgb8888
        #expect(sheet.sheet[0, 0] == 0xff20_2020)  // the backdrop between cells
    }
}
