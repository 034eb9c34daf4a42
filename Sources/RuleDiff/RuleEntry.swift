import Diagnostics

/// One entry of a rule set as `diff` compares it: its kind and id, its place, and each of its
/// keys as a canonical text of the typed value (two versions of a key are the same when their
/// texts are, so layout, quoting and key order in the YAML do not count).
package struct RuleEntry: Sendable {
    package var kind: RuleKind
    package var id: String
    package var span: SourceSpan?
    /// Every key of the kind, in its order; `nil` for a key the entry leaves unset.
    package var fields: [(key: String, value: String?)]

    package init(kind: RuleKind, id: String, span: SourceSpan?, fields: [(key: String, value: String?)]) {
        self.kind = kind
        self.id = id
        self.span = span
        self.fields = fields
    }

    /// The keys the entry sets.
    package var keysSet: [String] { fields.filter { $0.value != nil }.map(\.key) }

    /// The keys whose values differ between `old` and `self` (set in only one counts), in the
    /// kind's key order.
    package func changedKeys(since old: RuleEntry) -> [String] {
        var oldValues: [String: String?] = [:]
        for field in old.fields { oldValues[field.key] = field.value }
        var changed: [String] = []
        for field in fields where (oldValues[field.key] ?? nil) != field.value { changed.append(field.key) }
        return changed
    }
}
