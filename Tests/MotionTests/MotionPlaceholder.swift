import Testing
@testable import Motion
