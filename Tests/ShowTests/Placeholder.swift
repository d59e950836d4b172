import Testing
@testable import Show
