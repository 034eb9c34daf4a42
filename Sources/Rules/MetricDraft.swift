struct MetricDraft: Sendable {
    var id: Located<String>
    var expression: ExpressionDraft
}
