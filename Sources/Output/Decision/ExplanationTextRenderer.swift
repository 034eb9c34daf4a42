import Evaluation
import Rules

/// `rulecheck explain` for a person (README.md, "Command line"): the achievement and its state, when and by which
/// event it unlocked, its criterion with the value of every sub-expression at `now`, and what is
/// still missing while it is locked.
package struct ExplanationTextRenderer: Renderer {
    package init() {}

    package func render(_ explanation: Explanation) -> String {
        let info = explanation.info
        let standing = explanation.standing
        var lines: [String] = []
        lines.append("\(info.id) (\(info.title)): \(standing.state.rawValue) (as of \(explanation.now.description))")
        let category = explanation.categoryTitle.map { $0 == info.category ? $0 : "\($0) (\(info.category))" } ?? info.category
        var facts = ["category \(category)", "rarity \(info.rarity.rawValue)", "\(info.points) points"]
        if info.hidden { facts.append("hidden until unlocked") }
        if info.repeatable {
            let times = standing.times ?? 0
            facts.append(times > 0 ? "repeatable, unlocked \(times) time\(times == 1 ? "" : "s")" : "repeatable")
        }
        lines.append("  " + facts.joined(separator: " · "))
        var progress = "  progress \(Self.number(standing.progress.current)) of \(Self.number(standing.progress.target))"
        if let version = standing.catalogVersion { progress += " · unlocked with catalog version \(version)" }
        if let added = standing.newLevels { progress += " · \(added) new level\(added == 1 ? "" : "s") since" }
        lines.append(progress)

        if let unlock = explanation.unlock {
            lines.append("")
            lines += Self.unlockLines(unlock)
        }

        lines.append("")
        lines += Self.criterionLines(explanation.criterion)
        for element in explanation.elements { lines += Self.elementLines(element) }
        if explanation.unlock != nil, case .condition(_, let value, _) = explanation.criterion, value != "true" {
            lines.append("  (shown at now: it held when it unlocked; unlocks are never revoked)")
        }
        if !explanation.requires.isEmpty {
            let gates = explanation.requires.map { "\($0.id) (\($0.unlocked ? "unlocked" : "locked"))" }
            lines.append("requires: " + gates.joined(separator: ", "))
        }
        if let window = explanation.available {
            var parts: [String] = []
            if let from = window.from { parts.append("from \(from.rfc3339(offsetSeconds: explanation.now.offsetSeconds))") }
            if let until = window.until { parts.append("until \(until.rfc3339(offsetSeconds: explanation.now.offsetSeconds))") }
            lines.append("available: " + parts.joined(separator: " ") + (explanation.isAvailableNow ? " (open now)" : " (closed now)"))
        }

        if !explanation.missing.isEmpty {
            lines.append("")
            lines.append("missing:")
            lines += explanation.missing.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func unlockLines(_ unlock: ExplanationUnlock) -> [String] {
        var head = "unlocked at \(unlock.at.description)"
        if let version = unlock.catalogVersion { head += " (catalog version \(version))" }
        if unlock.isStored { return [head + ", stored in the state file"] }
        guard !unlock.events.isEmpty else {
            return [head + " by the passing of time: " + checkpointText(unlock.checkpoint)]
        }
        let word = unlock.events.count == 1 ? "event" : "events"
        var lines = [head + " by \(word):"]
        lines += unlock.events.map { "  events[\($0.index)]  \($0.type) at \($0.at.description)" }
        return lines
    }

    static func checkpointText(_ kind: Checkpoint.Kind) -> String {
        var reasons: [String] = []
        if kind.contains(.dayBoundary) { reasons.append("a day ended or its kill time passed") }
        if kind.contains(.availabilityStart) { reasons.append("its availability window opened") }
        if kind.contains(.storedUnlock) { reasons.append("a stored unlock took effect") }
        if kind.contains(.now) { reasons.append("the evaluation moment") }
        return reasons.isEmpty ? "a checkpoint without events" : reasons.joined(separator: ", ")
    }

    static func criterionLines(_ criterion: Explanation.Criterion) -> [String] {
        switch criterion {
        case .condition(let source, let value, let terms):
            return ["when: \(source)", "  = \(value)"] + termRows(terms)
        case .milestone(let streak, let days, let current, let status):
            return ["milestone: streak \(streak) reaches \(days) days",
                    "  streaks.\(streak).current = \(current) (status \(status)), needs ≥ \(days)"]
        case .module(let module, let done, let missing):
            var scope = ""
            if let difficulty = module.difficulty, difficulty != "any" { scope = " on \(difficulty)" }
            let which = module.levels == .all ? "every released level" : "every counted, released level"
            let release = module.release.map { " of release \($0)" } ?? ""
            var lines = ["complete_module: \(which)\(release) of \(module.catalog)/\(module.module)\(scope)"]
            lines.append("  done (\(done.count)): " + (done.isEmpty ? "none" : done.joined(separator: ", ")))
            lines.append("  missing (\(missing.count)): " + (missing.isEmpty ? "none" : missing.joined(separator: ", ")))
            return lines
        }
    }

    /// `events.exists(e, …): events[12]: focus_session at … came closest`, then the predicate's
    /// parts for that element, and those not true for it.
    static func elementLines(_ element: ExplanationElement) -> [String] {
        var lines = ["\(element.macro): \(element.element) \(element.role.rawValue)"]
        lines += termRows(element.terms)
        if !element.failing.isEmpty { lines.append("  not true for it: " + element.failing.joined(separator: ", ")) }
        return lines
    }

    static func termRows(_ terms: [ExplanationTerm]) -> [String] {
        let rows = terms.map { (String(repeating: "  ", count: $0.depth) + $0.source, $0.value) }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { row in
            "  " + row.0 + String(repeating: " ", count: max(0, width - row.0.count)) + "  → " + row.1
        }
    }

    static func number(_ value: ProgressNumber) -> String {
        switch value {
        case .int(let v): String(v)
        case .double(let v): "\(v)"
        }
    }
}
