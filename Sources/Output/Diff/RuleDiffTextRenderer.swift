import RuleDiff

/// `diff --format text`: the rule changes, one per line at their place, then the effects over
/// the states, for a terminal.
package struct RuleDiffTextRenderer: Renderer {
    package init() {}

    package func render(_ report: RuleDiffReport) -> String {
        report.entries.map { entry in
            let heading = entry.name.map { "rule set \($0)\n" } ?? ""
            return heading + Self.changes(entry.diff.changes) + (report.measured ? Self.effects(entry.diff) : "")
        }.joined(separator: "\n")
    }

    static func changes(_ changes: [RuleChange]) -> String {
        guard !changes.isEmpty else { return "no rule changes\n" }
        var text = changes.count == 1 ? "1 rule change:\n" : "\(changes.count) rule changes:\n"
        for change in changes {
            let keys = change.keys.isEmpty ? "" : " (\(change.keys.joined(separator: ", ")))"
            let version = change.change == .removed ? " [old version]" : ""
            text += "  \(change.file):\(change.line): \(change.change.rawValue) \(change.kind.rawValue) \(change.id)\(keys)\(version)\n"
        }
        return text
    }

    static func effects(_ diff: RuleSetDiff) -> String {
        let effects = diff.effects
        var text = "\(effects.states) states, \(effects.changedStates) changed, \(effects.errors) error\(effects.errors == 1 ? "" : "s")"
        if !effects.errorLines.isEmpty {
            let more = effects.errors > effects.errorLines.count ? ", …" : ""
            text += " (line\(effects.errorLines.count == 1 ? "" : "s") \(effects.errorLines.map(String.init).joined(separator: ", "))\(more))"
        }
        text += "\n"
        for award in diff.affectedAwards {
            let parts = EffectKind.allCases.filter { award.effects.count($0) > 0 }.map { kind in
                let name = kind.rawValue.replacingOccurrences(of: "_", with: " ")
                let samples = (award.effects.samples[kind] ?? []).map(\.description).joined(separator: ", ")
                return "\(award.effects.count(kind)) \(name) (\(samples))"
            }
            text += "  \(award.id): \(parts.joined(separator: ", "))\n"
        }
        text += "points: \(effects.pointsUp) up, \(effects.pointsDown) down; ranks: \(effects.ranksUp) up, \(effects.ranksDown) down\n"
        for warning in effects.changedWarnings {
            text += "warning \(warning.code): \(warning.counts.old) states before, \(warning.counts.new) after\n"
        }
        return text
    }
}
