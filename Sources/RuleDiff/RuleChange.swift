/// One entry of a rule set that a change added, removed or changed (docs/diff.md, "Rule changes"),
/// with the keys that changed and its place: in the new version, or the old one when removed.
package struct RuleChange: Sendable, Hashable {
    package enum Change: String, Sendable, Hashable {
        case added, removed, changed
    }

    package var change: Change
    package var kind: RuleKind
    package var id: String
    /// The rule-file keys whose values differ (`when`, `points`, …), in the kind's key order;
    /// for an added or removed entry, every key it sets.
    package var keys: [String]
    package var file: String
    package var line: Int

    package init(change: Change, kind: RuleKind, id: String, keys: [String], file: String, line: Int) {
        self.change = change
        self.kind = kind
        self.id = id
        self.keys = keys
        self.file = file
        self.line = line
    }

    /// By file, line, kind, then id: the order a reader meets them in the files.
    package static func listOrder(_ a: RuleChange, _ b: RuleChange) -> Bool {
        (a.file, a.line, a.kind, a.id) < (b.file, b.line, b.kind, b.id)
    }
}
