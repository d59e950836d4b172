import Testing
@testable import Board
