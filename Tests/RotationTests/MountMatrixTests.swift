import Testing

@testable import Rotation

/// The kernel's mount matrix text, and the matrix applied row by row.
@Suite struct MountMatrixTests {
    @Test func parsesTheKernelsForm() throws {
        #expect(try MountMatrix.parse("1, 0, 0; 0, 1, 0; 0, 0, 1").get() == .identity)
        #expect(try MountMatrix.parse("0, -1, 0; -1, 0, 0; 0, 0, 1\n").get().rows == [[0, -1, 0], [-1, 0, 0], [0, 0, 1]])
        #expect(try MountMatrix.parse("0.5,0,0;0,1e0,0;0,0,-1").get().rows == [[0.5, 0, 0], [0, 1, 0], [0, 0, -1]])
    }

    @Test func refusesWhatIsNotOne() {
        func reason(_ text: String) -> String? {
            if case .failure(let fault) = MountMatrix.parse(text) { return fault.reason }
            return nil
        }
        #expect(reason("") == "expected 3 rows separated by ';', got 1")
        #expect(reason("1, 0, 0; 0, 1, 0; 0, 0, 1; 0, 0, 0") == "expected 3 rows separated by ';', got 4")
        #expect(reason("1, 0, 0, 0; 0, 1, 0; 0, 0, 1") == "row 1: expected 3 numbers separated by ',', got 4")
        #expect(reason("1, 0, 0; 0, 1, 0; 0, , 1") == #"row 3: "" is not a number"#)
        #expect(reason("1, 0, 0; 0, inf, 0; 0, 0, 1") == #"row 2: "inf" is not a number"#)
        #expect(reason("0, 0, 0; 0, 1, 0; 0, 0, 1") == "row 1 is all zeroes")
    }

    /// Each row times the vector (iio-sensor-proxy's order): row 1 gives the panel's x.
    @Test func appliesRowByRow() throws {
        let m = try MountMatrix.parse("0, 1, 0; -1, 0, 0; 0, 0, 2").get()
        #expect(m.applied(to: Acceleration(x: 1, y: 2, z: 3)) == Acceleration(x: 2, y: -1, z: 6))
        #expect(MountMatrix.identity.applied(to: Acceleration(x: 1, y: 2, z: 3)) == Acceleration(x: 1, y: 2, z: 3))
    }
}
