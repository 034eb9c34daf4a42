import CEL
import Testing

/// `CELOutcomeProbe` and `CELBranchPoints`: a program planned with a probe counts, per branch
/// point, the evaluations to true, to false and to anything else; operands that short-circuiting
/// skipped are not counted; macro plumbing is no branch point; values are the normal path's.
@Suite struct OutcomeProbeTests {
    struct Case: Sendable, CustomStringConvertible {
        var source: String
        var x: Int64 = 0
        var flag = false
        var items: [Int64] = []
        /// Per branch point, outermost first: its text and (true, false, other) counts.
        var points: [(String, Int, Int, Int)]
        var description: String { source }
    }

    static let cases: [Case] = [
        Case(source: "x > 1 && flag", x: 0, points: [("x > 1 && flag", 0, 1, 0), ("x > 1", 0, 1, 0), ("flag", 0, 0, 0)]),
        Case(source: "x > 1 && flag", x: 2, flag: true, points: [("x > 1 && flag", 1, 0, 0), ("x > 1", 1, 0, 0), ("flag", 1, 0, 0)]),
        Case(source: "x > 1 || flag", x: 2, points: [("x > 1 || flag", 1, 0, 0), ("x > 1", 1, 0, 0), ("flag", 0, 0, 0)]),
        Case(source: "!(x == 1)", x: 1, points: [("!(x == 1)", 0, 1, 0), ("x == 1", 1, 0, 0)]),
        Case(source: "x > 1 ? flag : x < 0", x: 0, points: [("x > 1 ? flag : x < 0", 0, 1, 0), ("x > 1", 0, 1, 0), ("x < 0", 0, 1, 0)]),
        Case(source: "items.exists(i, i > 2)", items: [1, 3], points: [("items.exists(i, i > 2)", 1, 0, 0), ("i > 2", 1, 1, 0)]),
        Case(source: "items.exists_one(i, i > 2)", items: [3, 4], points: [("items.exists_one(i, i > 2)", 0, 1, 0), ("i > 2", 2, 0, 0)]),
        Case(source: "items.all(i, i != 2 && i > 0)", items: [1, 2],
             points: [("items.all(i, i != 2 && i > 0)", 0, 1, 0), ("i != 2 && i > 0", 1, 1, 0), ("i != 2", 1, 1, 0), ("i > 0", 1, 0, 0)]),
        Case(source: "x in [1, 2]", x: 3, points: [("x in [1, 2]", 0, 1, 0)]),
        // Constant operands are not folded away under a probe.
        Case(source: "1 < 2 && x >= 0", x: 1, points: [("1 < 2 && x >= 0", 1, 0, 0), ("1 < 2", 1, 0, 0), ("x >= 0", 1, 0, 0)]),
        Case(source: "cel.bind(v, x + 1, v > 2)", x: 5, points: [("cel.bind(v, x + 1, v > 2)", 1, 0, 0), ("v > 2", 1, 0, 0)]),
        // An error is evaluated, yet neither true nor false.
        Case(source: "x / 0 > 1 || flag", x: 1, points: [("x / 0 > 1 || flag", 0, 0, 1), ("x / 0 > 1", 0, 0, 1), ("flag", 0, 1, 0)]),
    ]

    static func compile(_ source: String) throws -> CELCheckedAST {
        var environment = CELEnvironment()
        environment.declare(variable: "x", type: .int)
        environment.declare(variable: "flag", type: .bool)
        environment.declare(variable: "items", type: .list(.int))
        switch environment.compile(source) {
        case .success(let program): return try #require(program.checked)
        case .failure(let errors): throw errors
        }
    }

    static func text(_ source: String, _ expr: CELExpr) -> String {
        let scalars = Array(source.unicodeScalars)
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[expr.range.start..<expr.range.end])
        return text
    }

    @Test(arguments: cases)
    func countsEachBranchPointsOutcomes(_ c: Case) throws {
        let checked = try Self.compile(c.source)
        let points = CELBranchPoints.of(checked.ast.root)
        #expect(points.map { Self.text(c.source, $0) } == c.points.map(\.0))
        let probe = CELOutcomeProbe(watching: points.map(\.id))
        let probed = CELProgram(checked: checked, probe: probe)
        let activation = CELActivation(["x": .int(c.x), "flag": .bool(c.flag), "items": .list(CELList(c.items.map { .int($0) }))])
        let value = probed.evaluate(activation)
        // The same value as the program planned without a probe.
        #expect(value.sameValue(CELProgram(checked: checked).evaluate(activation)))
        for (point, expected) in zip(points, c.points) {
            let outcomes = probe.outcomes(of: point.id)
            #expect([outcomes.trueCount, outcomes.falseCount, outcomes.otherCount] == [expected.1, expected.2, expected.3],
                    "\(expected.0)")
        }
    }

    /// Counts add up over evaluations, and a program planned without the probe counts nothing.
    @Test func countsAccumulateOnlyThroughTheProbedProgram() throws {
        let checked = try Self.compile("x > 1")
        let probe = CELOutcomeProbe(watching: [checked.ast.root.id])
        let probed = CELProgram(checked: checked, probe: probe)
        let plain = CELProgram(checked: checked)
        for x: Int64 in [0, 1, 2, 3] {
            _ = probed.evaluate(CELActivation(["x": .int(x)]))
            _ = plain.evaluate(CELActivation(["x": .int(x)]))
        }
        #expect(probe.outcomes(of: checked.ast.root.id) == CELOutcomeProbe.Outcomes(trueCount: 2, falseCount: 2))
    }
}
