/// What a rule change does to a sample of user states (docs/diff.md, "Effects"): the comparisons of
/// every state, added up in input order. Memory grows with the awards and warning codes, never
/// with the number of states.
package struct DiffEffects: Sendable {
    /// How many error lines are kept.
    package static let errorLineLimit = 10

    /// The state lines read (blank lines aside), those that failed included.
    package var states = 0
    /// Lines that could not be read or decided under either version.
    package var errors = 0
    /// The first ten of them.
    package var errorLines: [Int] = []
    package var changedStates = 0
    /// Every award with an effect, by id; `awardOrder` keeps the order ids were first seen.
    package var awards: [String: AwardEffects] = [:]
    package private(set) var awardOrder: [String] = []
    package var pointsUp = 0
    package var pointsDown = 0
    package var ranksUp = 0
    package var ranksDown = 0
    /// Per warning code: the states that have it under the old version, under the new one, and
    /// under the new one but not the old (what `--fail-on CODE` counts).
    package var warnings: [String: WarningCounts] = [:]

    package struct WarningCounts: Sendable, Hashable {
        package var old = 0
        package var new = 0
        package var newOnly = 0
    }

    package init() {}

    /// Adds one decided state (call in input order: samples are the first states).
    package mutating func add(_ comparison: StateComparison, sample: DiffSample) {
        states += 1
        if comparison.changed { changedStates += 1 }
        for (id, kind) in comparison.awards {
            if awards[id] == nil { awardOrder.append(id) }
            awards[id, default: AwardEffects()].add(kind, sample: sample)
        }
        if comparison.points > 0 { pointsUp += 1 } else if comparison.points < 0 { pointsDown += 1 }
        if comparison.rank > 0 { ranksUp += 1 } else if comparison.rank < 0 { ranksDown += 1 }
        for code in comparison.oldWarnings { warnings[code, default: WarningCounts()].old += 1 }
        for code in comparison.newWarnings {
            warnings[code, default: WarningCounts()].new += 1
            if !comparison.oldWarnings.contains(code) { warnings[code, default: WarningCounts()].newOnly += 1 }
        }
    }

    /// Adds a line that could not be read or decided.
    package mutating func addError(line: Int) {
        states += 1
        errors += 1
        if errorLines.count < Self.errorLineLimit { errorLines.append(line) }
    }

    /// Awards with an effect, ordered by `order` (the new version's award order, then the old
    /// one's), any other id after them in the order first seen.
    package func awardIDs(in order: [String]) -> [String] {
        var rank: [String: Int] = [:]
        for (index, id) in order.enumerated() where rank[id] == nil { rank[id] = index }
        return awardOrder.enumerated().sorted { a, b in
            (rank[a.element] ?? order.count + a.offset, a.offset) < (rank[b.element] ?? order.count + b.offset, b.offset)
        }.map(\.element)
    }

    /// Warning codes whose counts differ between the versions, sorted.
    package var changedWarnings: [(code: String, counts: WarningCounts)] {
        warnings.filter { $0.value.old != $0.value.new }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// How many states (or lines, for `errors`) have one of `kind` (an effect kind, `errors`, or a
    /// warning code counted under the new version and not the old), for `--fail-on`.
    package func count(failing kind: String) -> Int {
        if kind == "errors" { return errors }
        if let effect = EffectKind(rawValue: kind) { return awards.values.map { $0.count(effect) }.reduce(0, +) }
        return warnings[kind]?.newOnly ?? 0
    }
}
