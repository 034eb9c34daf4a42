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
            Self.collect(document.root, in: document, into: &found)
            maps[file] = found
        }
    }

    private static func collect(_ node: YAMLNode, in document: YAMLDocument,
                                into found: inout [SourcePosition: ScalarPositionMap]) {
        switch node.kind {
        case .scalar(let text, let style):
            guard found[node.span.start] == nil else { return }
            if let map = node.scalarMap {
                found[node.span.start] = map
            } else if style == .folded, !node.isAlias {
                found[node.span.start] = foldedMap(text, node.span, in: document)
            }
        case .sequence(let items):
            for item in items { collect(item, in: document, into: &found) }
        case .mapping(let pairs):
            for pair in pairs { collect(pair.value, in: document, into: &found) }
        }
    }

    /// A folded (`>`) scalar's map, which the loader does not make: folding changes only line
    /// breaks and indentation, and a block scalar has no escapes, so the value's characters other
    /// than white space are the content lines' characters other than white space, in order. The
    /// white space of the value takes the place after the character before it.
    static func foldedMap(_ text: String, _ span: SourceSpan, in document: YAMLDocument) -> ScalarPositionMap? {
        var written: [(scalar: Unicode.Scalar, position: SourcePosition)] = []
        // The content starts on the line after the indicator (`>-`, perhaps with a comment).
        var line = span.start.line + 1
        while line <= span.end.line, let content = document.line(line) {
            for (index, scalar) in content.unicodeScalars.enumerated() where !scalar.properties.isWhitespace {
                written.append((scalar, SourcePosition(line: line, column: index + 1)))
            }
            line += 1
        }
        var positions: [SourcePosition] = []
        var next = 0
        var last = span.start
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                positions.append(SourcePosition(line: last.line, column: last.column + 1))
                continue
            }
            guard next < written.count, written[next].scalar == scalar else { break }
            last = written[next].position
            positions.append(last)
            next += 1
        }
        return positions.isEmpty ? nil : ScalarPositionMap(positions: positions)
    }

    /// Where offset `offset` (in Unicode scalars) of `expression` is written; the expression's
    /// own start when the offset cannot be traced (a folded scalar, an escape before it).
    package func position(of offset: Int, in expression: RuleExpression) -> SourcePosition {
        let span = expression.span
        return maps[span.file]?[span.start]?.position(ofOffset: offset) ?? span.start
    }
}
