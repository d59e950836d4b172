import Testing
@testable import Compositor
