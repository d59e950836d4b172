import Assets

/// `screenshot` on the control socket (the Control socket article): the frame last
/// presented, as the panel shows it (`FramePipeline.panelPicture`), encoded as a PNG into
/// the file the client sent with the line. The kiosk never opens a path: under systemd it
/// may not write the operator's folders (ProtectSystem=strict, ProtectHome=yes), so
/// `vitrine ctl screenshot FILE` makes the file and sends its descriptor, and renames it
/// into place once the reply is "ok".
///
/// The loop is single-threaded: the picture is turned and encoded on it, and frames,
/// touches and other commands wait for the encode's whole duration, which grows with the
/// panel's pixels (an operator's command, not one for a loop: `vitrine ctl` allows it
/// `ControlClient.screenshotTimeout`). While the screen is off the frame last presented
/// is what the screenshot shows.
extension Kiosk {
    /// Carries out `screenshot` into `attachment`'s file; the reply line: `ok WxH
    /// display=on|dim|off bytes=N` (the panel's size, the screen's state, the PNG's
    /// length), or the error.
    func screenshot(into attachment: ControlAttachment) -> String {
        do throws(ScreenshotError) {
            let (width, height, bytes) = try writeScreenshot(into: attachment)
            logger.info("control: screenshot \(width)x\(height)", metadata: ["bytes": "\(bytes)"])
            return "ok \(width)x\(height) display=\(power.output.state.rawValue) bytes=\(bytes)"
        } catch {
            logger.info("control: \(error)")
            return "error: \(error)"
        }
    }

    /// Checks the file, makes the picture, encodes it and writes it: nothing is written
    /// unless the file is fit and the PNG whole. Returns the picture's size, pixels, and
    /// the PNG's length, bytes.
    private func writeScreenshot(into attachment: ControlAttachment) throws(ScreenshotError) -> (Int, Int, Int) {
        let file: ScreenshotFile
        switch attachment {
        case .none: throw .noFile
        case .several(let n): throw .descriptors(n)
        case .one(let fd): file = try ScreenshotFile(checking: fd)
        }
        let picture = try pipeline.panelPicture()
        let png: [UInt8]
        do {
            png = try PNG.encode(picture)
        } catch {
            if case .encodeFailed(_, _, let reason) = error { throw .encode(reason) }
            throw .encode("\(error)")
        }
        try file.write(png)
        return (picture.width, picture.height, png.count)
    }
}
