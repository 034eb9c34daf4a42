struct MetricDraft: Sendable {
    var id: Located<String>
    var expression: ExpressionDraft
    /// `show: true` (docs/rules.md, "metrics").
    var show: Bool = false
}
