import CEL
import Diagnostics
import YAMLSource

extension RuleFileIndex.Expression {
    /// The offset inside the expression of a file position (the cursor may be just after the
    /// last character); nil when the position is not inside the expression's text.
    func offset(of position: SourcePosition) -> Int? {
        guard let map else {
            // An untraced scalar: its text on the scalar's first line, after any quote.
            guard position.line == span.start.line else { return nil }
            let offset = position.column - span.start.column
            return (0...source.unicodeScalars.count).contains(offset) ? offset : nil
        }
        for run in map.runs where run.start.line == position.line {
            let column = position.column - run.start.column
            if column >= 0 && column <= run.length { return run.offset + column }
        }
        return nil
    }

    /// The file span of `length` scalars at `offset`.
    func span(ofOffset offset: Int, length: Int) -> SourceSpan {
        guard let map, let start = map.position(ofOffset: offset) else { return span }
        var end = map.position(ofOffset: offset + max(length, 1) - 1).map {
            SourcePosition(line: $0.line, column: $0.column + 1)
        }
        if end?.line != start.line { end = SourcePosition(line: start.line, column: start.column + max(length, 1)) }
        return SourceSpan(file: span.file, start: start, end: end ?? start)
    }

    /// The expression parsed with its macros expanded, nil when it does not parse.
    var parsed: CELAST? {
        try? CELEnvironment().parse(source).get()
    }

    /// The ids this expression names: `metrics.x`, `streaks.x` / `streaks["x"]`,
    /// `achievements.x`, `levels.x`, `catalogs.x`, and event types compared with `type` or used
    /// as a `count` key.
    func references() -> [RuleFileIndex.Reference] {
        guard let ast = parsed else { return [] }
        var found: [RuleFileIndex.Reference] = []
        ast.root.walk { node, bound in
            if let (kind, id, range) = Self.reference(node, bound: bound) {
                found.append(.init(kind: kind, id: id, span: span(ofOffset: range.start, length: range.end - range.start)))
            }
            return .descend
        }
        return found
    }

    /// The variables whose fields or keys name ids of the rule set.
    static let namedBy: [String: RuleFileIndex.Kind] = [
        "metrics": .metric, "streaks": .streak, "achievements": .achievement, "levels": .level, "catalogs": .catalog,
    ]

    private static func reference(_ node: CELExpr, bound: Set<String>)
        -> (RuleFileIndex.Kind, String, CELSourceRange)? {
        switch node.kind {
        case .select(let operand, let field, _):
            guard case .ident(let name) = operand.kind, !bound.contains(name), let kind = namedBy[name] else { return nil }
            let count = field.unicodeScalars.count
            return (kind, field, CELSourceRange(start: node.range.end - count, end: node.range.end))
        case .call(nil, "_[_]", let args) where args.count == 2:
            guard case .literal(.string(let key)) = args[1].kind else { return nil }
            let inner = CELSourceRange(start: args[1].range.start + 1, end: args[1].range.end - 1)
            if case .ident(let name) = args[0].kind, !bound.contains(name), let kind = namedBy[name] {
                return (kind, key, inner)
            }
            if case .select(_, "count", _) = args[0].kind { return (.eventType, key, inner) }
            return nil
        case .call(nil, "_==_", let args) where args.count == 2, .call(nil, "_!=_", let args) where args.count == 2:
            for (side, other) in [(args[0], args[1]), (args[1], args[0])] {
                guard case .select(_, "type", _) = side.kind, case .literal(.string(let type)) = other.kind else { continue }
                return (.eventType, type, CELSourceRange(start: other.range.start + 1, end: other.range.end - 1))
            }
            return nil
        default:
            return nil
        }
    }
}
