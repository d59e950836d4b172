import FixedPoint
import Raster
import Rotation

/// An orientation change carried out before a frame, in the steps the kiosk (at the frame
/// after a `rotate`: control or touch script) and `vitrine render` (at the first step at
/// or after a script's `rotate` line) share:
///
/// 1. `init`: the old frame is drawn into a picture as the panel shows it, a turn still
///    running included (`FramePipeline.oldFrame`: without memory for it, the change is
///    made without the turn), then that turn ends (its picture is gone);
/// 2. the caller rebuilds: touches in progress cancelled, a new pipeline and scene for
///    the new orientation, on `resume`;
/// 3. `turn(in:at:)`: the old picture turns into the new layout (`TurnTransition`, 0.3 s).
///
/// Only the rebuild is the caller's (the kiosk's frame timers, logs and touch statistics
/// go with it); both make the new parts with `Kiosk.makeScene`.
struct OrientationChange {
    let from: Orientation
    let to: Orientation
    /// The old frame and the quarter turn that makes it upright on the panel
    /// (`FramePipeline.oldFrame`; nil: no memory for it).
    let snapshot: (picture: Surface, turn: QuarterTurn?)?
    /// The screen the new layout starts on.
    let resume: String

    /// Step 1: ends `running` and takes the old frame from `pipeline`; `screen` is the
    /// screen shown (`PlayableScene.screen`).
    init(from: Orientation, to: Orientation, screen: String, pipeline: FramePipeline, running: TurnTransition?) {
        self.from = from
        self.to = to
        // The picture first, the running turn's half-turned picture in it: the next turn
        // starts from what the panel shows, not from the old layout at rest.
        snapshot = try? pipeline.oldFrame()
        running?.cancel()
        resume = Self.resume(after: screen)
    }

    /// The screen a new layout resumes on: the one shown, except that the launch goes
    /// home (the doors are a cold start's, not played again for a turn).
    static func resume(after screen: String) -> String { screen == "launch" ? "home" : screen }

    /// Step 3: the old picture turning into the new layout on `pipeline` (the new one),
    /// from `time`; nil without a picture.
    func turn(in pipeline: FramePipeline, at time: Double) -> TurnTransition? {
        snapshot.map {
            TurnTransition(picture: $0.picture, turnedBy: $0.turn, from: from, to: to, on: pipeline, at: time)
        }
    }

    /// The orientation `request` asks for: its angle, or for `auto` the board's `mount`.
    static func target(of request: RotationRequest, mount: Orientation) -> Orientation {
        switch request {
        case .to(let o): o
        case .auto: mount
        }
    }
}
