import RuleDiff

/// `diff --format github`: a `::notice` workflow command on each changed rule's line (GitHub
/// Actions shows it on the pull request's files), then one notice with the effects. The markdown
/// summary for `$GITHUB_STEP_SUMMARY` is `RuleDiffMarkdownRenderer`'s.
package struct RuleDiffGitHubRenderer: Renderer {
    package init() {}

    package func render(_ report: RuleDiffReport) -> String {
        var text = ""
        for entry in report.entries {
            let prefix = entry.name.map { "\($0): " } ?? ""
            for change in entry.diff.changes {
                let keys = change.keys.isEmpty ? "" : " (\(change.keys.joined(separator: ", ")))"
                let version = change.change == .removed ? " (line \(change.line) of the old version)" : ""
                let message = "\(prefix)\(change.change.rawValue) \(change.kind.rawValue) \(change.id)\(keys)\(version)"
                text += "::notice file=\(DiagnosticGitHubRenderer.escapeProperty(change.file)),line=\(change.line),"
                    + "title=rulecheck diff::\(DiagnosticGitHubRenderer.escapeData(message))\n"
            }
            if report.measured {
                let effects = entry.diff.effects
                let awards = entry.diff.affectedAwards.map { award in
                    award.id + " " + EffectKind.allCases.filter { award.effects.count($0) > 0 }
                        .map { "\($0.rawValue) \(award.effects.count($0))" }.joined(separator: ", ")
                }
                let message = "\(prefix)\(effects.states) states, \(effects.changedStates) changed, \(effects.errors) errors"
                    + (awards.isEmpty ? "" : "; " + awards.joined(separator: "; "))
                text += "::notice title=rulecheck diff effects::\(DiagnosticGitHubRenderer.escapeData(message))\n"
            }
        }
        return text
    }
}
