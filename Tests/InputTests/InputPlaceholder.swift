import Testing
@testable import Input
