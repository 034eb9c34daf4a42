import Testing
@testable import CEL

/// cel-go's lists extension (no conformance file covers it), and the optional values and
/// bindings beyond their conformance files: the shapes product rules use (`d.count[?"x"]`,
/// `distinct().size()`), types the checker deduces, errors, and cost.
@Suite struct ListsOptionalsBindingsTests {
    static let counts: (CELType, CELValue) = (.map(.string, .int), .map(CELMap(strings: [("task_completed", .int(3))])))

    @Test(arguments: [
        ("[1, 2, 1, 3, 2].distinct()", CELValue.list(CELList([.int(1), .int(2), .int(3)]))),
        ("[1, 1u, 1.0, 2.5, 2.5, 'a', 'a'].distinct()", .list(CELList([.int(1), .double(2.5), .string("a")]))),
        ("[[1], [1], [2]].distinct().size()", .int(2)),
        ("['run', 'swim', 'run', 'read', 'swim', 'yoga', 'bike'].distinct().size() >= 5", .bool(true)),
        ("[[1, 2], [3], [], [[4]]].flatten()", .list(CELList([.int(1), .int(2), .int(3), .list(CELList([.int(4)]))]))),
        ("[[1, [2, [3]]]].flatten(2)", .list(CELList([.int(1), .int(2), .list(CELList([.int(3)]))]))),
        ("[1, 2, 3].flatten(0)", .list(CELList([.int(1), .int(2), .int(3)]))),
        ("[1, 2, 3, 4].slice(1, 3)", .list(CELList([.int(2), .int(3)]))),
        ("[1, 2].slice(2, 2)", .list(CELList([]))),
        ("[3, 1.5, 2u].sort()", .list(CELList([.double(1.5), .uint(2), .int(3)]))),
        ("['b', 'a', 'c'].sort()", .list(CELList([.string("a"), .string("b"), .string("c")]))),
        ("[{'n': 'b', 'k': 2}, {'n': 'a', 'k': 1}, {'n': 'c', 'k': 1}].sortBy(e, e.k).map(e, e.n)",
         .list(CELList([.string("a"), .string("c"), .string("b")]))),
        ("lists.range(4)", .list(CELList([.int(0), .int(1), .int(2), .int(3)]))),
        ("lists.range(0)", .list(CELList([]))),
        ("[1, 2, 3].reverse()", .list(CELList([.int(3), .int(2), .int(1)]))),
        ("'abc'.reverse()", .string("cba")),
        ("[1, 2].first().value() + [1, 2].last().value()", .int(3)),
        ("[].first().hasValue()", .bool(false)),
        ("counts[?'task_completed'].orValue(0)", .int(3)),
        ("counts[?'focus_session'].orValue(0)", .int(0)),
        ("counts.?task_completed.orValue(0) + counts.?other.orValue(0)", .int(3)),
        ("optional.of(2).optMap(x, x * 10).value()", .int(20)),
        ("optional.of(1).or(optional.of(2)).value()", .int(1)),
        ("optional.of(1).orValue(1 / 0)", .int(1)),
        ("optional.none().or(optional.of(2)).value()", .int(2)),
        ("[?counts[?'x'], ?counts[?'task_completed'], 9]", .list(CELList([.int(3), .int(9)]))),
        ("{?'a': counts[?'x'], ?'b': counts[?'task_completed']}", .map(CELMap(strings: [("b", .int(3))]))),
        ("cel.bind(t, counts[?'task_completed'].orValue(0), t * t + t)", .int(12)),
        ("cel.bind(a, 1, cel.bind(b, a + 1, [a, b].sum()))", .int(3)),
        ("optional.none() == optional.none() && optional.of(1) != optional.of(2)", .bool(true)),
    ])
    func evaluates(source: String, expected: CELValue) {
        let variables = ["counts": Self.counts]
        let checked = evaluateChecked(source, variables: variables)
        #expect(checked.sameValue(expected), "\(source) gave \(checked)")
        let unchecked = evaluateUnchecked(source, bindings: ["counts": Self.counts.1])
        #expect(unchecked.sameValue(expected), "\(source) unchecked gave \(unchecked)")
    }

    @Test(arguments: [
        ("[1, 2].slice(-1, 1)", "negative indexes"),
        ("[1, 2].slice(2, 1)", "start index must be less than or equal"),
        ("[1, 2].slice(0, 3)", "list is length 2"),
        ("[1, 'a'].sort()", "same orderable type"),
        ("[[1]].flatten(-1)", "level must be non-negative"),
        ("optional.none().value()", "optional.none() dereference"),
        ("counts.?x.value()", "optional.none() dereference"),
        ("[?dyn(1)]", "must be an optional value"),
    ])
    func errors(source: String, fragment: String) {
        let result = evaluateChecked(source, variables: ["counts": Self.counts])
        #expect(result.error?.message.contains(fragment) == true, "\(source) gave \(result)")
    }

    /// The checker deduces element and optional types, so a rule's `orValue(0)` is an int
    /// that compares with `>=` without a conversion.
    @Test(arguments: [
        ("counts[?'a']", "optional_type(int)"),
        ("counts[?'a'].orValue(0)", "int"),
        ("counts.?a", "optional_type(int)"),
        ("optional.of('x').optMap(s, size(s))", "optional_type(int)"),
        ("[1, 2].distinct()", "list(int)"),
        ("[['a']].flatten()", "list(string)"),
        ("lists.range(3)", "list(int)"),
        ("[1].first()", "optional_type(int)"),
        ("cel.bind(x, 'a', x + x)", "string"),
        ("[?optional.of(1), 2]", "list(int)"),
    ])
    func deducedTypes(source: String, expected: String) throws {
        var environment = CELEnvironment()
        environment.declare(variable: "counts", type: Self.counts.0)
        let checked = try environment.parse(source).flatMap { environment.check($0) }.get()
        #expect(checked.resultType.description == expected)
    }

    @Test(arguments: [
        ("counts[?'a'].orValue('none')", "no matching overload for 'orValue'"),
        ("[1].distinct(1)", "no matching overload for 'distinct'"),
        ("'a'.sort()", "no matching overload for 'sort'"),
        ("lists.range('3')", "no matching overload for 'lists.range'"),
        ("[?1]", "a value marked with '?' must be optional"),
        ("{?'a': 'b'}", "a value marked with '?' must be optional"),
    ])
    func checkErrors(source: String, fragment: String) {
        var environment = CELEnvironment()
        environment.declare(variable: "counts", type: Self.counts.0)
        guard case .failure(let errors) = environment.compile(source) else {
            Issue.record("\(source) compiled")
            return
        }
        #expect(errors.issues.contains { $0.message.contains(fragment) }, "\(errors.issues.map(\.message))")
    }

    /// What the lists functions build is charged: a range of a billion stops at the limit.
    @Test func buildingIsCharged() {
        #expect(evaluateChecked("lists.range(1000000000).size()").error?.kind == .costLimitExceeded)
        let words = CELValue.list(CELList((0..<100_000).map { .string("w\($0 % 1000)") }))
        let variables: [String: (CELType, CELValue)] = ["words": (.list(.string), words)]
        #expect(evaluateChecked("words.distinct().size()", variables: variables).sameValue(.int(1000)))
        #expect(evaluateChecked("words.sort().size()", variables: variables, costLimit: 50_000).error?.kind
                == .costLimitExceeded)
    }
}
