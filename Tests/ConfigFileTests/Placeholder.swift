import Testing
@testable import ConfigFile
