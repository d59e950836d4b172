import Compositor
import Scenes

/// The built-in test scene as a program: `vitrine render --scene test`, and the kiosk
/// tests that need no show.
public final class TestProgram: ShowProgram {
    public init() {}
    public var origin: String { "built-in test scene" }
    public func makeScene(root: Layer, width: Int, height: Int, resume: String?, orientationKnown: Bool)
        -> any PlayableScene
    {
        TestScene(root: root, width: width, height: height)
    }
    public func takeWarnings() -> [String] { [] }
}
