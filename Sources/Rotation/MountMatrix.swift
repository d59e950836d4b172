/// The IIO mount matrix of an accelerometer: how its chip sits on the board, as the
/// kernel prints it in `in_accel_mount_matrix` (or `in_mount_matrix`, `mount_matrix`)
/// from the device tree or ACPI: `x1, y1, z1; x2, y2, z2; x3, y3, z3`, one row per panel
/// axis. A reading (x, y, z) becomes the row-by-vector products, the way iio-sensor-proxy
/// applies it (and so systemd's 60-sensor.hwdb quirks are written): panel x = x1·x +
/// y1·y + z1·z, and likewise for y and z. Rows are unitless direction cosines: 0, 1 and
/// -1 for a chip turned in quarter turns, fractions for one turned otherwise.
public struct MountMatrix: Hashable, Sendable {
    /// The three rows: `rows[0]` gives the panel's x, `rows[1]` its y, `rows[2]` its z.
    public var rows: [[Double]]

    /// The matrix that changes nothing: what a device without the attribute gets.
    public static let identity = MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// `rows` must be three rows of three numbers.
    public init(rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "a mount matrix is 3 x 3")
        self.rows = rows
    }

    /// The matrix written as the kernel prints it: nine decimal numbers, three rows of
    /// three separated by ";", the numbers of a row by ","; spaces and the trailing
    /// newline are allowed anywhere between them.
    ///
    /// - Returns: the matrix, or the reason it is not one ("expected 3 rows separated by
    ///   ';', got 2", "row 2 is all zeroes": a row of zeroes would zero that axis, which
    ///   iio-sensor-proxy refuses too).
    public static func parse(_ text: String) -> Result<MountMatrix, MountMatrixFault> {
        let rowTexts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else {
            return .failure(MountMatrixFault(reason: "expected 3 rows separated by ';', got \(rowTexts.count)"))
        }
        var rows: [[Double]] = []
        for (r, rowText) in rowTexts.enumerated() {
            let cells = rowText.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == 3 else {
                let reason = "row \(r + 1): expected 3 numbers separated by ',', got \(cells.count)"
                return .failure(MountMatrixFault(reason: reason))
            }
            var row: [Double] = []
            for cell in cells {
                let trimmed = cell.trimmingASCIIWhitespace()
                guard let value = decimalNumber(trimmed) else {
                    let reason = "row \(r + 1): \(quotedContent(Array(trimmed.utf8))) is not a number"
                    return .failure(MountMatrixFault(reason: reason))
                }
                row.append(value)
            }
            if row.allSatisfy({ $0 == 0 }) {
                return .failure(MountMatrixFault(reason: "row \(r + 1) is all zeroes"))
            }
            rows.append(row)
        }
        return .success(MountMatrix(rows: rows))
    }

    /// The sample on the panel's axes: each row times (x, y, z).
    public func applied(to a: Acceleration) -> Acceleration {
        func row(_ r: [Double]) -> Double { r[0] * a.x + r[1] * a.y + r[2] * a.z }
        return Acceleration(x: row(rows[0]), y: row(rows[1]), z: row(rows[2]))
    }
}

/// Why a text is not a mount matrix (see `MountMatrix.parse`).
public struct MountMatrixFault: Error, Hashable, Sendable {
    public var reason: String
}

/// A plain decimal number as sysfs prints one ("0.009576806", "-1", "1e-3"): digits with
/// a sign, a point and an exponent where `Double(_:)` takes them. nil for anything else:
/// "nan", "inf" and hexadecimal ("0x1p-7"), which `Double(_:)` alone would take, an
/// empty text, and a number too big to be finite.
func decimalNumber(_ text: Substring) -> Double? {
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    guard text.utf8.allSatisfy({ isDigit($0) || "+-.eE".utf8.contains($0) }), text.utf8.contains(where: isDigit),
        let value = Double(text), value.isFinite
    else { return nil }
    return value
}

extension Substring {
    /// Without leading and trailing ASCII spaces, tabs and newlines.
    func trimmingASCIIWhitespace() -> Substring {
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
