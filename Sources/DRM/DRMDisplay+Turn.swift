import FixedPoint
import Display
import Raster

extension DRMDisplay {
    /// Turns the picture on scanout with the primary plane's "rotation" property, when
    /// the plane offers the angle (DRM counts counter-clockwise: see
    /// `Plane.rotationValue(for:)`) and, with an output, an atomic TEST_ONLY commit of
    /// the turned state passes. Then buffers of the turned size (the logical size) are
    /// made and the next `present` sets the mode with the rotation. Legacy KMS never
    /// turns (no plane properties there). Returns false, changing nothing, otherwise.
    public func setScanoutTurn(_ turn: QuarterTurn?) -> Bool {
        if turn == scanoutTurn { return true }
        guard !isClosed, pendingFlip == nil, scanout is AtomicScanout, let rotation = plane.rotationValue(for: turn)
        else { return false }
        let size = turn?.turnedSize(width: mode.width, height: mode.height) ?? (width: mode.width, height: mode.height)
        guard
            let chain = try? DRMDisplay.makeBuffers(
                io: device.io, count: settings.buffers, width: size.width, height: size.height, format: settings.format)
        else { return false }
        if isOutputAvailable {
            let state = ScanoutState(
                framebuffer: chain[0].framebufferID, width: size.width, height: size.height, mode: mode,
                rotation: rotation)
            do {
                try scanout.check(state)
            } catch {
                log.info("drm: plane \(plane.id) refuses to turn \(size.width)x\(size.height) buffers (\(error))")
                return false
            }
        }
        retire(replacingWith: chain)
        scanoutTurn = turn
        needsModeset = true
        let angle = turn.map { "\($0.rawValue) degrees clockwise" } ?? "not"
        log.info("drm: plane \(plane.id) turns the picture \(angle); buffers are \(size.width)x\(size.height)")
        return true
    }
}
