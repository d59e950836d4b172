import Testing
@testable import Scenes
