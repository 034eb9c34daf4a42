/// Everything one `rulecheck diff` run compared: one rule set, or several of a workspace, each
/// with its name. What every `diff` renderer takes.
package struct RuleDiffReport: Sendable {
    package struct Entry: Sendable {
        /// The workspace name; `nil` for `--old` / `--new` paths.
        package var name: String?
        package var diff: RuleSetDiff

        package init(name: String?, diff: RuleSetDiff) {
            self.name = name
            self.diff = diff
        }
    }

    package var entries: [Entry]
    /// States were given (`--states`): the effects were measured, even if over no state.
    package var measured: Bool

    package init(entries: [Entry], measured: Bool) {
        self.entries = entries
        self.measured = measured
    }

    /// `--format json` nests the objects under `rulesets` when there are several.
    package var isSeveral: Bool { entries.count > 1 }

    /// Whether some state (or line, for `errors`) has one of `kinds`, for `--fail-on`.
    package func fails(on kinds: [String]) -> Bool {
        entries.contains { entry in kinds.contains { entry.diff.effects.count(failing: $0) > 0 } }
    }
}
