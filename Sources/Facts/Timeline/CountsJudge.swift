import CEL

/// The streaks whose days qualify by a `counts` predicate (docs/rules.md, "streaks[]"), judging
/// each on-time event. A predicate that reads nothing of the event but its `type` (`user` is the
/// same for every event of a state) has one value per type, so it is evaluated once per type:
/// every product's `counts` is such a test, and it would otherwise be asked once per event and
/// streak.
struct CountsJudge: Sendable {
    private let streaks: [(index: Int, predicate: StreakPredicate, byType: Bool)]
    /// Per event type: the values of the predicates judged by type, in `streaks` order (`nil`
    /// for the others).
    private var valuesByType: [String: [CELValue?]] = [:]
    /// The first few types met and their values, looked up before `valuesByType`: a history has
    /// a handful of types, and comparing a type (short, stored inline) is cheaper than hashing it.
    /// `counted`: the streaks (indices) those values count the event for.
    private var firstTypes: [(type: String, values: [CELValue?], counted: [Int32])] = []
    private static let firstTypesLimit = 8
    /// The streaks' indices, in `streaks` order.
    private let streakIndices: [Int32]
    private let anyByType: Bool
    private let allByType: Bool

    init(qualifiers: [StreakQualifier]) {
        streaks = qualifiers.enumerated().compactMap { index, qualifier in
            guard case .counts(let predicate) = qualifier else { return nil }
            let byType = predicate.subjectFields.map { $0.isSubset(of: ["type"]) } ?? false
            return (index, predicate, byType)
        }
        streakIndices = streaks.map { Int32($0.index) }
        anyByType = streaks.contains { $0.byType }
        allByType = streaks.allSatisfy { $0.byType }
    }

    var isEmpty: Bool { streaks.isEmpty }

    /// Appends the streaks (indices) whose `counts` holds for the on-time event `value` (of
    /// `type`) to `counted`; the first error of each streak is kept in `errors` with the event's
    /// index (reported as `rule_error`).
    mutating func judge(_ value: CELValue, type: String, user: CELValue, event: Int, counted: inout [Int32],
                        errors: inout [Int: (event: Int, error: CELError)]) {
        var known: [CELValue?]?
        if anyByType {
            if let index = firstTypes.firstIndex(where: { $0.type == type }) {
                // Every predicate judged by type: the streaks are the ones counted at the type's
                // first event, whose errors were noted then (only a streak's first error is kept).
                if allByType {
                    // One by one: an event counts for a streak or two, and appending the list
                    // whole copied it through a `memcpy` call.
                    for position in firstTypes[index].counted.indices { counted.append(firstTypes[index].counted[position]) }
                    return
                }
                known = firstTypes[index].values
            } else {
                known = valuesByType[type]
            }
        }
        if allByType, let known {
            record(known, event: event, counted: &counted, errors: &errors)
            return
        }
        let activation = CELActivation(shape: Self.predicateShape, values: [value, user])
        var values = known ?? streaks.map { $0.byType ? $0.predicate.judge(value, in: activation) : nil }
        if anyByType, known == nil {
            if firstTypes.count < Self.firstTypesLimit {
                let counts = values.indices.compactMap { position -> Int32? in
                    if case .bool(true) = values[position] { return streakIndices[position] }
                    return nil
                }
                firstTypes.append((type, values, counts))
            } else {
                valuesByType[type] = values
            }
        }
        for position in streaks.indices where !streaks[position].byType {
            values[position] = streaks[position].predicate.judge(value, in: activation)
        }
        record(values, event: event, counted: &counted, errors: &errors)
    }

    private func record(_ values: [CELValue?], event: Int, counted: inout [Int32],
                        errors: inout [Int: (event: Int, error: CELError)]) {
        // By position: enumerating `streaks` would copy each entry, retaining and releasing its predicate.
        for position in values.indices {
            switch values[position] {
            case .bool(true): counted.append(streakIndices[position])
            case .error(let error) where errors[Int(streakIndices[position])] == nil:
                errors[Int(streakIndices[position])] = (event, error)
            default: break
            }
        }
    }

    /// What a streak's `counts` predicate binds.
    private static let predicateShape = CELRecordShape(fields: ["event", "user"])
}
