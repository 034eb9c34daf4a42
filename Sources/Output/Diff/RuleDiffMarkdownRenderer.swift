import RuleDiff

/// `diff --format markdown`, and the job summary of `--format github`: for a pull-request
/// comment, the rule changes, then a table of effects per award.
package struct RuleDiffMarkdownRenderer: Renderer {
    package init() {}

    package func render(_ report: RuleDiffReport) -> String {
        report.entries.map { entry in
            Self.changes(entry.diff.changes, name: entry.name) + (report.measured ? Self.effects(entry.diff) : "")
        }.joined(separator: "\n")
    }

    static func changes(_ changes: [RuleChange], name: String?) -> String {
        var text = "### Rule changes" + (name.map { " in `\(cell($0))`" } ?? "") + "\n\n"
        guard !changes.isEmpty else { return text + "No rule changes.\n" }
        text += "| Change | Kind | Id | Keys | Place |\n|---|---|---|---|---|\n"
        for change in changes {
            let place = "\(change.file):\(change.line)" + (change.change == .removed ? " (old version)" : "")
            text += "| \(change.change.rawValue) | \(change.kind.rawValue) | `\(cell(change.id))` | "
                + "\(cell(change.keys.joined(separator: ", "))) | \(cell(place)) |\n"
        }
        return text
    }

    static func effects(_ diff: RuleSetDiff) -> String {
        let effects = diff.effects
        var text = "\n#### Effects over \(effects.states) user states\n\n"
        text += "\(effects.changedStates) states change; \(effects.errors) lines could not be read or decided"
        text += effects.errorLines.isEmpty ? ".\n\n" : " (lines \(effects.errorLines.map(String.init).joined(separator: ", "))).\n\n"
        let awards = diff.affectedAwards
        if awards.isEmpty {
            text += "No award changes for any state.\n"
        } else {
            text += "| Award | Gained | Lost | Earlier | Later | Times changed | Samples |\n|---|---:|---:|---:|---:|---:|---|\n"
            for award in awards {
                let counts = EffectKind.allCases.map { String(award.effects.count($0)) }.joined(separator: " | ")
                let samples = EffectKind.allCases.filter { award.effects.count($0) > 0 }.map { kind in
                    "\(kind.rawValue): " + (award.effects.samples[kind] ?? []).map(\.description).joined(separator: ", ")
                }.joined(separator: "; ")
                text += "| `\(cell(award.id))` | \(counts) | \(cell(samples)) |\n"
            }
        }
        text += "\nPoints: \(effects.pointsUp) up, \(effects.pointsDown) down. Ranks: \(effects.ranksUp) up, \(effects.ranksDown) down.\n"
        let warnings = effects.changedWarnings
        if !warnings.isEmpty {
            text += "\n| Warning | States before | States after |\n|---|---:|---:|\n"
            for warning in warnings { text += "| `\(cell(warning.code))` | \(warning.counts.old) | \(warning.counts.new) |\n" }
        }
        return text
    }

    /// A table cell's text: `|` escaped, line breaks and backticks made harmless.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
