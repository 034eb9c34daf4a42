/// What kind of rule a change is about, in the order the changes of one place are listed
/// (docs/diff.md). The raw value is the `kind` of `diff --format json`.
package enum RuleKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case calendar, metric, streak, milestone, achievement, rank, reminder, catalog, module, level

    package static func < (a: RuleKind, b: RuleKind) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
