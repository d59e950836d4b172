/// Levenshtein distance between two keys, for "did you mean" suggestions. Keys are short:
/// the plain O(n·m) table is fine. Public for the command line's "did you mean" too.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.utf8), y = Array(b.utf8)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var row = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        row[0] = i
        for j in 1...y.count {
            let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
            row[j] = min(substitution, previous[j] + 1, row[j - 1] + 1)
        }
        swap(&previous, &row)
    }
    return previous[y.count]
}
