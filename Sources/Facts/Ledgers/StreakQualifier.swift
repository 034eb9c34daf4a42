import CEL
import RuleModel

/// How a streak decides that a day qualifies (docs/rules.md, "streaks[]"). `FactTimeline` builds the default from
/// each rule's compiled program; tests can pass Swift functions instead, so the streak rules are
/// testable without CEL.
package enum StreakQualifier: Sendable {
    /// Over each on-time event (`event`): the day qualifies if one of them passes.
    case counts(StreakPredicate)
    /// Over the day record (`day`).
    case day(StreakPredicate)

    /// The rule's own predicate.
    package init(rule: StreakRule) {
        switch rule.qualification {
        case .counts(let expression): self = .counts(StreakPredicate(program: expression.program))
        case .day(let expression): self = .day(StreakPredicate(program: expression.program))
        }
    }
}

/// A streak's `counts` or `day` condition. Copies share one box: it is asked once per event and
/// a compiled program is a large value to copy.
package struct StreakPredicate: Sendable {
    private final class Box: Sendable {
        let program: CELProgram?
        let function: (@Sendable (CELValue) -> Bool)?
        let subjectFields: Set<String>?
        init(program: CELProgram?, function: (@Sendable (CELValue) -> Bool)?) {
            self.program = program
            self.function = function
            subjectFields = program?.checked.flatMap { checked in
                // Only `day` or `event` is a subject; `user` is the same at every judgement.
                let inputs = CELInputs(checked).variables
                if inputs.keys.contains(where: { $0 != "day" && $0 != "event" && $0 != "user" }) { return nil }
                let uses = inputs.filter { $0.key != "user" }.values
                if uses.contains(where: \.whole) { return nil }
                return uses.reduce(into: Set<String>()) { $0.formUnion($1.fields) }
            }
        }
    }

    private let box: Box

    /// The fields of its subject (`day` or `event`) it reads by name; `nil` when it reads the
    /// subject whole or it cannot be told (a Swift condition, an unchecked program).
    package var subjectFields: Set<String>? { box.subjectFields }

    /// A compiled CEL condition; anything but `true` (false, an error) does not qualify.
    package init(program: CELProgram) {
        box = Box(program: program, function: nil)
    }

    /// A Swift condition over the event or day record.
    package init(_ function: @escaping @Sendable (CELValue) -> Bool) {
        box = Box(program: nil, function: function)
    }

    /// Whether it holds for `subject`; `activation` binds `subject` under its name (`event` or
    /// `day`) and `user`, built once and shared by every streak asking about the same subject.
    func holds(_ subject: CELValue, in activation: CELActivation) -> Bool {
        if case .bool(true) = judge(subject, in: activation) { return true }
        return false
    }

    /// The predicate's value for `subject` (an error counts as not holding, and is reported).
    func judge(_ subject: CELValue, in activation: CELActivation) -> CELValue {
        if let function = box.function { return .bool(function(subject)) }
        return box.program?.evaluate(activation) ?? .bool(false)
    }
}
