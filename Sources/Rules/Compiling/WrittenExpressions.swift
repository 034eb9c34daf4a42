import CEL
import Diagnostics
import RuleModel
import YAMLSource

/// How offsets inside each compiled expression map to its rule file, by the span of its scalar:
/// the lints point inside an expression after the drafts are gone.
///
/// Keeps only the position map of each scalar that has one (an expression without one points at
/// its whole scalar anyway), in an array sorted once the rule set is assembled and searched by
/// halves: a rule set holds thousands of expressions, and a dictionary of whole drafts cost
/// several times their text.
struct WrittenExpressions: Sendable {
    private struct Entry: Sendable {
        var span: SourceSpan
        var map: ScalarPositionMap
    }

    private var entries: [Entry] = []
    private var sorted = true

    /// Records where `draft` is written.
    mutating func add(_ draft: ExpressionDraft) {
        guard let map = draft.scalarMap else { return }
        if let last = entries.last, !Self.precedes(last.span, draft.span) { sorted = false }
        entries.append(Entry(span: draft.span, map: map))
    }

    /// Sorts what was added, for `span(of:in:)`; equal spans (one scalar compiled twice) are one.
    mutating func finish() {
        if !sorted {
            entries.sort { Self.precedes($0.span, $1.span) }
            sorted = true
        }
        var kept = 0
        for index in entries.indices where kept == 0 || entries[kept - 1].span != entries[index].span {
            entries[kept] = entries[index]
            kept += 1
        }
        entries.removeSubrange(kept...)
    }

    /// The span in the rule file of `range` inside `expression` (the whole scalar when unknown).
    func span(of range: CELSourceRange, in expression: RuleExpression) -> SourceSpan {
        guard let map = map(at: expression.span) else { return expression.span }
        return RuleExpressionCompiler.span(in: expression.span, mappedBy: map, offset: range.start,
                                           length: range.end - range.start)
    }

    private func map(at span: SourceSpan) -> ScalarPositionMap? {
        precondition(sorted, "WrittenExpressions.finish() not called")
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(entries[middle].span, span) { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].span == span ? entries[low].map : nil
    }

    private static func precedes(_ a: SourceSpan, _ b: SourceSpan) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.start != b.start { return a.start < b.start }
        return a.end < b.end
    }
}
