/// Picks the declared name closest to a misspelt one, for "did you mean …?" hints.
enum CELNameSuggestion {
    /// The candidate with the smallest edit distance to `name`, if that distance is small
    /// relative to the name's length (at most one edit per three characters, at least one).
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        let allowed = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.unicodeScalars))
            guard distance <= allowed else { continue }
            if let current = best,
               current.distance < distance || (current.distance == distance && current.name < candidate) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters (the commonest typo) each cost one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
