import CEL
import RuleModel

/// A condition that is nothing but `streaks.ID.F >= N` (or `> N`), F one of the streak's whole
/// numbers (`current`, `longest`, `total_days`, `freezes_available`), for a streak of the rule set (TaskMate's
/// `habit_*` achievements): it is judged like a milestone, from the streak's state at the
/// checkpoint, without building the `streaks` records or evaluating CEL. The streak is in the
/// rule set, so the key exists and F is an int: the comparison is the whole value of the
/// expression (`CELThreshold.holds`).
struct StreakThreshold: Sendable {
    /// The streak's id, and its index in `Replay.streakIDs` (set by the replay).
    var id: String
    var streak = 0
    var field: FactTypes.StreakField
    var threshold: CELThreshold
    /// The least whole number the comparison holds for (`nil`: none): read at every checkpoint,
    /// a plain number spares copying the threshold's expression out to call it.
    let minimum: Int64?

    /// The threshold `plan` is, for a streak among `ruleStreaks` (rule ids); `nil` for anything else.
    init?(_ plan: PlannedExpression, ruleStreaks: Set<String>) {
        guard plan.folds.isEmpty, plan.dayFolds.isEmpty, plan.inputs.variables == [.streaks],
              let checked = plan.program.checked, let threshold = CELThreshold(checked.ast.root),
              case .select(let record, let fieldName, false) = threshold.operand.kind,
              let field = FactTypes.StreakField(rawValue: fieldName), field.celType == .int,
              case .select(let map, let id, false) = record.kind,
              case .ident(let name) = map.kind, name == FactVariable.streaks.rawValue,
              ruleStreaks.contains(id) else { return nil }
        // The identifier is the fact variable itself (nothing at the top level can shadow it).
        if let reference = checked.references[map.id] {
            guard case .variable(let qualified) = reference, qualified == name else { return nil }
        }
        self.id = id
        self.field = field
        self.threshold = threshold
        minimum = Self.least(where: threshold.holds(for:))
    }

    /// Whether the comparison holds for `value`.
    func holds(_ value: Int) -> Bool {
        minimum.map { Int64(value) >= $0 } ?? false
    }

    /// The least `Int64` for which `holds` is true, `holds` being false up to some value and
    /// true from there on (a comparison from below converts ints to doubles monotonically).
    private static func least(where holds: (Int64) -> Bool) -> Int64? {
        guard holds(.max) else { return nil }
        // Searched over UInt64 with the sign bit flipped, which keeps the order and cannot overflow.
        func signed(_ u: UInt64) -> Int64 { Int64(bitPattern: u ^ (1 << 63)) }
        var low: UInt64 = 0
        var high = UInt64.max
        while low < high {
            let middle = low + (high - low) / 2
            if holds(signed(middle)) { high = middle } else { low = middle + 1 }
        }
        return signed(low)
    }
}
