import CEL
import Evaluation
import Facts
import RuleModel
import StateFileYAML

/// A rule set evaluated on its example state (`example:` in rulecheck.yaml) at the state's
/// `now`: the text editors show after each award's id and each metric's name.
struct ExampleOutcome: Sendable {
    /// Award id → `unlocked 2026-02-01`, `3 / 10` or `locked`.
    var awards: [String: String] = [:]
    /// Metric name → its value.
    var metrics: [String: String] = [:]
    /// Streak id → `current 4, longest 9, active`.
    var streaks: [String: String] = [:]

    /// Nil when the state cannot be read or decided (`validate` reports why).
    init?(rules: RuleSet, statePath: String) {
        guard let state = try? StateFile.load(path: statePath) else { return nil }
        let now = UserEvaluation.moment(nil, fallback: state.now)
        guard let evaluation = try? UserEvaluation(rules: rules, state: state, now: now) else { return nil }
        let decision = evaluation.decision
        for standing in decision.achievements {
            awards[standing.id] = Self.text(standing)
        }
        for streak in decision.streaks {
            streaks[streak.id] = "current \(streak.current), longest \(streak.longest), \(streak.status)"
        }
        if case .map(let values)? = evaluation.outcome.bindingsAtNow[FactVariable.metrics.rawValue] {
            for metric in rules.metrics {
                if let value = values[string: metric.id] {
                    metrics[metric.id] = ExplanationValueText.text(value, offsetSeconds: now.offsetSeconds)
                }
            }
        }
    }

    static func text(_ standing: AwardStanding) -> String {
        if standing.state == .unlocked, let at = standing.unlockedAt {
            return "unlocked " + String(at.description.prefix(10))
        }
        let current = standing.progress.current, target = standing.progress.target
        if target.doubleValue > 1 || current.doubleValue > 0 {
            return "\(number(current)) / \(number(target))"
        }
        return "locked"
    }

    static func number(_ value: ProgressNumber) -> String {
        switch value {
        case .int(let v): String(v)
        case .double(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        }
    }
}
