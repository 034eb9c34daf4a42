import Diagnostics
import RuleModel
import YAMLSource

/// File positions of offsets inside a rule set's expressions, for reports that point into an
/// expression after loading (rule-test coverage): the rule files are read again and each
/// expression's scalar found by where it starts, whose `ScalarPositionMap` the loader made as
/// it does for CEL errors (`RuleExpressionCompiler.span(of:offset:length:)`).
package struct ExpressionPositions: Sendable {
    /// Per file, per scalar start: how offsets inside the scalar map to file positions.
    private var maps: [String: [SourcePosition: ScalarPositionMap]] = [:]

    /// Reads `files` again (the rule set's `files`); a file that no longer reads leaves each
    /// expression in it at its scalar's start.
    package init(files: [String]) {
        for file in files {
            guard let document = YAMLLoader.load(path: file).document else { continue }
            var found: [SourcePosition: ScalarPositionMap] = [:]
            Self.collect(document.root, into: &found)
            maps[file] = found
        }
    }

    private static func collect(_ node: YAMLNode, into found: inout [SourcePosition: ScalarPositionMap]) {
        switch node.kind {
        case .scalar:
            if let map = node.scalarMap, found[node.span.start] == nil { found[node.span.start] = map }
        case .sequence(let items):
            for item in items { collect(item, into: &found) }
        case .mapping(let pairs):
            for pair in pairs { collect(pair.value, into: &found) }
        }
    }

    /// Where offset `offset` (in Unicode scalars) of `expression` is written; the expression's
    /// own start when the offset cannot be traced (a folded scalar, an escape before it).
    package func position(of offset: Int, in expression: RuleExpression) -> SourcePosition {
        let span = expression.span
        return maps[span.file]?[span.start]?.position(ofOffset: offset) ?? span.start
    }
}
