import CEL
import Rules

/// How a streak decides that a day qualifies (SPEC 2.5), as a function so the streak rules can be
/// tested without CEL. `FactTimeline` builds the default from each rule's compiled program.
public enum StreakQualifier: Sendable {
    /// Over each on-time event (`event`): the day qualifies if one of them passes.
    case counts(@Sendable (CELValue) -> Bool)
    /// Over the day record (`day`).
    case day(@Sendable (CELValue) -> Bool)

    /// The rule's own predicate, with `user` bound besides `event` / `day`; anything but `true`
    /// (false, an error) does not qualify.
    public init(rule: StreakRule, user: CELValue = .map(CELMap(strings: []))) {
        switch rule.qualification {
        case .counts(let expression):
            let program = expression.program
            self = .counts { event in
                if case .bool(true) = program.evaluate(CELActivation(["event": event, "user": user])) { return true }
                return false
            }
        case .day(let expression):
            let program = expression.program
            self = .day { day in
                if case .bool(true) = program.evaluate(CELActivation(["day": day, "user": user])) { return true }
                return false
            }
        }
    }
}
