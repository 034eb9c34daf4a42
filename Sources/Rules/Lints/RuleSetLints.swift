import CEL
import Diagnostics
import RuleModel

/// The lints of `validate` (docs/diagnostics.md, W430–W434): warnings where a rule that loads
/// cannot do what its author meant. They run on a rule set without errors, on CEL's analyses
/// (`CELConstantFolding`, `CELMonotonicity`, `CELThreshold`); what they know of the facts is one
/// thing: `events` only gains elements as time goes on (docs/facts.md).
struct RuleSetLints {
    let ruleSet: RuleSet
    /// Where a range inside an expression is written in its rule file.
    let locate: (CELSourceRange, RuleExpression) -> SourceSpan
    var diagnostics: [Diagnostic] = []
    /// What folding knows of each metric, and which metrics never decrease as events arrive.
    private var metricFolds: [String: CELFoldedValue] = [:]
    private var growingMetrics: Set<String> = []

    init(ruleSet: RuleSet, locate: @escaping (CELSourceRange, RuleExpression) -> SourceSpan) {
        self.ruleSet = ruleSet
        self.locate = locate
    }

    mutating func run() -> [Diagnostic] {
        for metric in ruleSet.metrics {
            guard let checked = metric.expression.program.checked else { continue }
            let folding = folding(checked)
            reportConstantConditions(folding, in: metric.expression, award: nil)
            if let value = folding.root { metricFolds[metric.id] = value }
            if monotonicity(checked).isNonDecreasing { growingMetrics.insert(metric.id) }
        }
        for streak in ruleSet.streaks {
            switch streak.qualification {
            case .counts(let e), .day(let e):
                if let checked = e.program.checked { reportConstantConditions(folding(checked), in: e, award: nil) }
            }
        }
        for achievement in ruleSet.achievements {
            guard case .when(let when) = achievement.criterion, let checked = when.program.checked else { continue }
            let folding = folding(checked)
            let constant = reportConstantConditions(folding, in: when, award: achievement.info.id)
            if achievement.info.repeatable, !constant, monotonicity(checked).isNonDecreasing {
                diagnostics.append(.warning(
                    RuleCode.repeatsNever,
                    "'\(achievement.info.id)' is repeatable, but its criterion counts events, which only grow: once true it never turns false again, so it unlocks once",
                    at: when.span,
                    fix: "remove 'repeatable', or compare a count that can fall again (of a day, a week, a streak)"))
            }
            checkProgress(achievement, when: when, checked: checked)
        }
        checkNeverUnlocking()
        checkSameCriterion()
        return diagnostics
    }

    // MARK: analyses with what the rule set knows

    /// `metrics.x` (or `metrics["x"]`) where `metrics` is the fact, not a comprehension variable.
    private static func metricName(_ node: CELExpr, _ checked: CELCheckedAST) -> String? {
        switch node.kind {
        case .select(let operand, let field, false):
            guard case .ident("metrics") = operand.kind, checked.references[operand.id].map({ $0 == .variable("metrics") }) ?? true
            else { return nil }
            return field
        case .call(nil, "_[_]", let args) where args.count == 2:
            guard case .ident("metrics") = args[0].kind, case .literal(.string(let key)) = args[1].kind,
                  checked.references[args[0].id].map({ $0 == .variable("metrics") }) ?? true else { return nil }
            return key
        default:
            return nil
        }
    }

    func folding(_ checked: CELCheckedAST) -> CELConstantFolding {
        let folds = metricFolds
        return CELConstantFolding(checked) { node in
            if let name = Self.metricName(node, checked) { return folds[name] }
            return Self.isCountField(node, checked) ? .nonNegative : nil
        }
    }

    /// Fields of the facts that are counts (docs/facts.md): a streak's days, a day's plans,
    /// expiries and events by type.
    static func isCountField(_ node: CELExpr, _ checked: CELCheckedAST) -> Bool {
        switch node.kind {
        case .select(let operand, let field, false):
            guard case .record(let record)? = checked.types[operand.id] else { return false }
            switch record.name {
            case FactTypes.streak.name: return ["current", "longest", "total_days", "freezes_available"].contains(field)
            case FactTypes.day.name: return ["planned", "expired_count"].contains(field)
            default: return false
            }
        case .call(nil, "_[_]", let args) where args.count == 2:
            // `day.count["task_completed"]`
            guard case .select(let operand, "count", false) = args[0].kind,
                  case .record(let record)? = checked.types[operand.id] else { return false }
            return record.name == FactTypes.day.name
        default:
            return false
        }
    }

    private func monotonicity(_ checked: CELCheckedAST) -> CELMonotonicity {
        let growing = growingMetrics
        return CELMonotonicity(checked, growing: ["events"]) { node in
            Self.metricName(node, checked).map(growing.contains) ?? false
        }
    }

    // MARK: W430

    /// Reports each constant condition; true when the whole expression is constant.
    @discardableResult
    private mutating func reportConstantConditions(_ folding: CELConstantFolding, in expression: RuleExpression,
                                                   award: String?) -> Bool {
        let conditions = folding.constantConditions()
        let whole = folding.root?.bool
        for condition in conditions {
            let text = Self.text(of: condition.node, in: expression.source)
            let value = condition.value ? "true" : "false"
            var message = "'\(text)' is always \(value): \(Self.reason(condition, in: expression.source))"
            if let award, let whole {
                message += whole ? "; '\(award)' unlocks for every user at the first evaluation" : "; '\(award)' can never unlock"
            }
            diagnostics.append(.warning(RuleCode.constantCondition, message,
                                        at: locate(condition.node.range, expression),
                                        fix: Self.fix(condition)))
        }
        return !conditions.isEmpty
    }

    /// Why a condition is the same for every state, in words.
    private static func reason(_ condition: CELConstantCondition, in source: String) -> String {
        if let chain = condition.chain {
            let subject = text(of: chain.subject, in: source)
            let parts = chain.comparisons.map { "'\(text(of: $0, in: source))'" }
            let listed = parts.count == 2
                ? parts.joined(separator: condition.value ? " or " : " and ")
                : parts.dropLast().joined(separator: ", ") + (condition.value ? " or " : " and ") + (parts.last ?? "")
            return condition.value
                ? "every value of '\(subject)' meets \(parts.count == 2 ? "either" : "one of") \(listed)"
                : "no value of '\(subject)' meets \(parts.count == 2 ? "both" : "all of") \(listed)"
        }
        return condition.comparesCount ? "a count is never below 0" : "its value is the same for every state"
    }

    private static func fix(_ condition: CELConstantCondition) -> String {
        if condition.chain != nil {
            return condition.value
                ? "check the numbers and the operators: for values outside a range write 'x < 3 || x > 5'; if it should hold for every user, leave the condition out"
                : "check the numbers and the operators: for a range write the lower bound first, 'x > 3 && x < 5'; for either of two values use '||'"
        }
        return condition.comparesCount
            ? "compare with a number the count can reach and miss, such as >= 1"
            : "compare what the condition should depend on: a metric, events, a streak"
    }

    static func text(of node: CELExpr, in source: String) -> String {
        let scalars = Array(source.unicodeScalars)
        let start = max(0, min(node.range.start, scalars.count)), end = max(start, min(node.range.end, scalars.count))
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end])
        return text
    }
}
