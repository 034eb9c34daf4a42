import Testing
@testable import CEL

/// The source range of every node is a valid expression for that node: its text parses back to
/// the same tree. `rulecheck explain` labels sub-expressions with this text, so a range that
/// loses a parenthesis (`events.size() + 1) * 2`) shows a label that is not CEL.
@Suite struct SourceRangeTests {
    static func text(_ range: CELSourceRange, in scalars: [Unicode.Scalar]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[max(0, range.start)..<min(range.end, scalars.count)])
        return text
    }

    /// Every node written by the user (macro helpers are checked through the call as written).
    static func writtenNodes(_ expr: CELExpr, _ ast: CELAST) -> [CELExpr] {
        if case .comprehension = expr.kind, let call = ast.macroCalls[expr.id], case .call(let target, _, let args) = call.kind {
            return [expr] + ((target.map { [$0] } ?? []) + args).flatMap { writtenNodes($0, ast) }
        }
        if case .select(let operand, _, true) = expr.kind { return [expr] + writtenNodes(operand, ast) }
        return [expr] + expr.children.flatMap { writtenNodes($0, ast) }
    }

    @Test(arguments: [
        "(events.size() + 1) * 2 > 2",
        "-(a + b)",
        "!(a || b) && c",
        "(a ? b : c).size()",
        "((x)) + 1",
        "(a + b).f.g",
        "[(1 + 2) * 3, {'k': (4)}]",
        "(a - b) - (c - d)",
        "a - (b - c)",
        "(x).all(e, (e + 1) > 2)",
        "size((a + 'b')) == 2",
        "(a || b) ? (c) : (d)",
        "has((m).f)",
        "(m.?b).orValue(1) * (2)",
        "(a)[(0)] in (l)",
    ])
    func everyNodeRoundTrips(source: String) throws {
        let ast = try #require(parsed(source))
        let scalars = Array(source.unicodeScalars)
        for node in Self.writtenNodes(ast.root, ast) {
            if case .literal = node.kind { continue }
            let label = Self.text(node.range, in: scalars)
            let reparsed = parsed(label)
            #expect(reparsed.map { sketch($0.root) } == sketch(node), "'\(label)' in '\(source)'")
        }
    }

    @Test func explainLabelKeepsTheParenthesis() throws {
        let source = "(events.size() + 1) * 2 > 2"
        let ast = try #require(parsed(source))
        let scalars = Array(source.unicodeScalars)
        guard case .call(_, "_>_", let args) = ast.root.kind else {
            Issue.record("not a comparison")
            return
        }
        #expect(Self.text(args[0].range, in: scalars) == "(events.size() + 1) * 2")
        guard case .call(_, "_*_", let factors) = args[0].kind else { return }
        #expect(Self.text(factors[0].range, in: scalars) == "events.size() + 1")
    }
}
