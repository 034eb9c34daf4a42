import CEL
import Testing

/// The analysis API hosts use instead of walking the AST themselves: the walk, the inputs an
/// expression reads, the standard macros, the substitution pass and the `X >= N` split.
@Suite struct AnalysisTests {
    static func checked(_ source: String) throws -> CELCheckedAST {
        var environment = CELEnvironment()
        let stats = CELRecordType(name: "test.Stats", fields: [("focus", .int), ("tasks", .int)])
        environment.declare(variable: "stats", type: .record(stats))
        environment.declare(variable: "items", type: .list(.int))
        environment.declare(variable: "limit", type: .int)
        environment.declare(variable: "tags", type: .map(.string, .int))
        switch environment.compile(source) {
        case .success(let program): return try #require(program.checked)
        case .failure(let errors): throw errors
        }
    }

    @Test(arguments: [
        ("1 + 2", 3, 3, false),
        ("items.size()", 2, 2, false),
        // A comprehension: range, init, condition, step and result; without loop bodies, what runs once.
        ("items.all(x, x > 0)", 11, 4, true),
        ("[items.map(x, x * 2)]", 12, 5, true),
    ])
    func countsNodes(source: String, nodes: Int, once: Int, iterates: Bool) throws {
        let root = try Self.checked(source).ast.root
        #expect(root.nodeCount() == nodes)
        #expect(root.nodeCount(loopBodies: false) == once)
        #expect(root.containsComprehension == iterates)
    }

    @Test func walksWithTheComprehensionVariablesInScope() throws {
        let root = try Self.checked("items.exists(x, x > limit) && limit > 0").ast.root
        var scopes: [String: Set<String>] = [:]
        root.walk { node, bound in
            if case .ident(let name) = node.kind { scopes[name, default: []].formUnion(bound) }
            return .descend
        }
        #expect(scopes["x"] == ["x", "@result"])
        #expect(scopes["items"] == [])
        #expect(scopes["limit"] == ["x", "@result"])
    }

    @Test(arguments: [
        ("stats.focus >= 10", ["stats": (["focus"], false)]),
        ("stats.focus + stats.tasks > limit", ["stats": (["focus", "tasks"], false), "limit": ([], true)]),
        ("[stats].size() > 0 && has(stats.focus)", ["stats": (["focus"], true)]),
        ("items.exists(x, x > limit)", ["items": ([], true), "limit": ([], true)]),
        ("items.map(items, items + 1).size() > 0", ["items": ([], true)]),  // the inner `items` is bound
        ("tags['a'] == 1 && int('3') == 3", ["tags": ([], true)]),          // `int` is a function, not an input
        ("[1, 2].all(x, x > 0)", [:]),
    ] as [(String, [String: ([String], Bool)])])
    func readsItsInputs(source: String, expected: [String: ([String], Bool)]) throws {
        let inputs = CELInputs(try Self.checked(source))
        #expect(Set(inputs.variables.keys) == Set(expected.keys))
        for (name, (fields, whole)) in expected {
            #expect(inputs.variables[name]?.fields == Set(fields), "\(name)")
            #expect(inputs.variables[name]?.whole == whole, "\(name)")
        }
        #expect(inputs.isEmpty == expected.isEmpty)
    }

    @Test(arguments: [
        ("items.all(x, x > 0)", "all", 1, false),
        ("items.exists(x, x > 0)", "exists", 1, false),
        ("items.exists_one(x, x > 0)", "existsOne", 1, false),
        ("items.filter(x, x > 0)", "filter", 1, true),
        ("items.map(x, x * 2)", "map", 1, true),
        ("items.map(x, x > 0, x * 2)", "mapFiltered", 2, true),
    ])
    func recognizesTheStandardMacros(source: String, name: String, bodies: Int, list: Bool) throws {
        guard case .comprehension(let c) = try Self.checked(source).ast.root.kind else {
            Issue.record("not a comprehension")
            return
        }
        let shape = try #require(CELMacroShape(c))
        #expect("\(shape)".hasPrefix(name + "("))
        #expect(shape.bodies.count == bodies)
        #expect(shape.producesList == list)
    }

    @Test(arguments: ["items.all(i, v, v > 0)", "cel.bind(x, 1, x + 1)", "items.transformList(i, v, v * 2)"])
    func otherComprehensionsAreNoMacroShape(source: String) throws {
        var shapes = 0
        try Self.checked(source).ast.root.walk { node, _ in
            if case .comprehension(let c) = node.kind, CELMacroShape(c) != nil { shapes += 1 }
            return .descend
        }
        #expect(shapes == 0)
    }

    @Test(arguments: [
        ("items.filter(x, x > 1)", true),
        ("items.exists(x, [x].all(y, y > x))", true),      // names bound inside the body are fine
        ("items.filter(x, x > limit)", false),              // reads another variable
        ("items.map(x, items.size() + x)", false),          // reads the range itself
        ("items.all(i, v, v > 0)", false),                  // not a standard macro
    ])
    func findsMacrosClosedOverTheirElement(source: String, closed: Bool) throws {
        let checked = try Self.checked(source)
        let macro = CELClosedMacro(checked.ast.root, references: checked.references)
        #expect((macro != nil) == closed)
        if let macro, case .ident(let range) = macro.range.kind { #expect(range == "items") }
    }

    @Test func substitutesTheChosenNodesAndPlansTheResult() throws {
        let checked = try Self.checked("items.filter(x, x > 1).size() + items.map(x, x).size() >= limit")
        var offered: [String] = []
        let rewritten = try #require(CELSubstitution.apply(to: checked) { node, _ in
            guard case .comprehension(let c) = node.kind, let shape = CELMacroShape(c) else { return nil }
            offered.append("\(shape)".prefix { $0 != "(" }.description)
            if case .filter = shape { return "@filtered" }
            return nil
        })
        #expect(offered == ["filter", "map"])
        let program = CELProgram(checked: rewritten)
        let value = program.evaluate(CELActivation(["@filtered": .list(CELList([.int(7)])), "items": .list(CELList([.int(1), .int(2)])),
                                                    "limit": .int(3)]))
        #expect(value.description == "true")  // 1 (the bound list) + 2 >= 3
        #expect(CELSubstitution.apply(to: checked) { _, _ in nil } == nil)
    }

    @Test func aReplacedRangeIsSeenByTheComprehensionAroundIt() throws {
        let checked = try Self.checked("items.filter(x, x > 1).map(y, y * 2).size() > 0")
        var ranges: [String] = []
        _ = CELSubstitution.apply(to: checked) { node, _ in
            guard case .comprehension(let c) = node.kind else { return nil }
            if case .ident(let name) = c.iterRange.kind { ranges.append(name) }
            return "@fold_\(ranges.count)"
        }
        #expect(ranges == ["items", "@fold_1"])
    }

    @Test(arguments: [
        ("stats.focus >= 600", "stats.focus", CELLiteral.int(600), false),
        ("(stats.focus + stats.tasks) > 2.5", "stats.focus + stats.tasks", .double(2.5), true),
        ("items.filter(x, x > 1).size() >= 3u", "items.filter(x, x > 1).size()", .uint(3), false),
    ])
    func splitsAThreshold(source: String, operand: String, bound: CELLiteral, strict: Bool) throws {
        let checked = try Self.checked(source)
        let threshold = try #require(CELThreshold(checked.ast.root))
        #expect(threshold.bound == bound)
        #expect(threshold.isStrict == strict)
        let current = checked.subexpression(threshold.operand)
        #expect(current.ast.source == operand)
        #expect(current.resultType == .int)
        // Planned from the checked sub-tree: no parsing or checking again.
        let program = CELProgram(checked: current)
        let stats = CELValue.map(CELMap(strings: [("focus", .int(600)), ("tasks", .int(2))]))
        let items = CELValue.list(CELList([.int(1), .int(2), .int(3)]))
        let value = program.evaluate(CELActivation(["stats": stats, "items": items]))
        #expect(value.description == (operand.hasPrefix("items") ? "2" : (operand.contains("tasks") ? "602" : "600")))
    }

    @Test(arguments: ["stats.focus < 600", "stats.focus >= limit", "'a' >= 'b'", "stats.focus == 600"])
    func otherComparisonsAreNoThreshold(source: String) throws {
        #expect(CELThreshold(try Self.checked(source).ast.root) == nil)
    }

    @Test(arguments: [
        ("stats.tasks >= 58 && stats.focus > 3", 58 as Int64),
        ("stats.tasks >= 58 && stats.focus > 3 && limit > 0", 58),
    ])
    func findsTheLeadingThreshold(source: String, bound: Int64) throws {
        let leading = try #require(CELThreshold.leadingConjunct(of: try Self.checked(source).ast.root))
        #expect(leading.bound == .int(bound))
        #expect(!leading.holds(for: bound - 1))
        #expect(leading.holds(for: bound))
        #expect(CELThreshold.leadingConjunct(of: try Self.checked("limit > 0 || stats.tasks >= 58").ast.root) == nil)
    }

    @Test(arguments: [
        ("items.filter(x, x > 1)", "items.filter(x, x > 1)", true),
        ("items.filter(x, x > 1)", "items.filter(x,   x>1)", true),
        ("items.filter(x, x > 1)", "items.filter(y, y > 1)", false),
        ("stats.focus >= 1", "stats.focus >= 1u", false),
    ])
    func comparesHowExpressionsAreWritten(a: String, b: String, alike: Bool) throws {
        #expect(try Self.checked(a).ast.root.isWrittenAlike(try Self.checked(b).ast.root) == alike)
    }
}
