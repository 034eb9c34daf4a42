import Testing
@testable import CEL

@Suite struct CheckerTests {
    static let stats = CELRecordType(name: "Stats", fields: [
        ("focus_minutes", .int), ("minutes", .int), ("ratio", .double),
    ])
    static let streak = CELRecordType(name: "Streak", fields: [("current", .int), ("status", .string)])
    static let event = CELRecordType(name: "Event", fields: [("type", .string), ("at", .timestamp)])
    static let level = CELRecordType(name: "Level", fields: [
        ("id", .string), ("category", .string), ("counts", .bool),
    ])
    static let extras = CELRecordType(name: "Extras", fields: [("known", .int)], isOpen: true)

    static var environment: CELEnvironment {
        var environment = CELEnvironment()
        environment.declare(variable: "stats", type: .record(stats))
        environment.declare(variable: "streak", type: .record(streak))
        environment.declare(variable: "events", type: .list(.record(event)))
        environment.declare(variable: "levels", type: .list(.record(level)))
        environment.declare(variable: "completed", type: .list(.string))
        environment.declare(variable: "extras", type: .record(extras))
        environment.declare(variable: "m", type: .map(.string, .int))
        environment.declare(variable: "d", type: .dyn)
        environment.declare(variable: "x", type: .int)
        environment.declare(variable: "u", type: .uint)
        environment.declare(variable: "f", type: .double)
        environment.declare(variable: "s", type: .string)
        environment.declare(variable: "t", type: .timestamp)
        environment.declare(variable: "dur", type: .duration)
        environment.declare(variable: "a.b", type: .int)
        environment.declare(function: "first", overloads: [
            CELOverload(id: "first_list", parameters: [.list(.typeParam("T"))], result: .typeParam("T"),
                        typeParameters: ["T"]),
        ])
        environment.declare(function: "pair", overloads: [
            CELOverload(id: "pair_a_a", parameters: [.typeParam("A"), .typeParam("A")],
                        result: .list(.typeParam("A")), typeParameters: ["A"]),
        ])
        environment.declare(function: "describe", overloads: [
            CELOverload(id: "describe_int", parameters: [.int], result: .string, isInstance: true),
        ])
        return environment
    }

    static func check(_ source: String, in environment: CELEnvironment = environment) -> Result<CELCheckedAST, CELCompileErrors> {
        environment.parse(source).flatMap { environment.check($0) }
    }

    @Test(arguments: [
        ("1 + 2", "int"),
        ("1u * 2u", "uint"),
        ("1.0 / 2.0", "double"),
        ("'a' + 'b'", "string"),
        ("b'a' + b'b'", "bytes"),
        ("null", "null_type"),
        ("[1] + [2]", "list(int)"),
        ("[1, 'a']", "list(dyn)"),
        ("[]", "list(dyn)"),
        ("[[], [1]]", "list(list(int))"),
        ("{'a': 1}", "map(string, int)"),
        ("{}", "map(dyn, dyn)"),
        ("{'a': 1, 2: 'b'}", "map(dyn, dyn)"),
        ("m['k']", "int"),
        ("m.k", "int"),
        ("size(s) + s.size()", "int"),
        ("stats.focus_minutes >= 600", "bool"),
        ("double(stats.focus_minutes) / 600.0", "double"),
        ("streak.current >= 7 && streak.status != 'broken'", "bool"),
        ("events.filter(e, e.type == 'task_completed').size() >= 10", "bool"),
        ("levels.filter(l, l.category == 'nianhua' && l.counts).all(l, l.id in completed)", "bool"),
        ("events.map(e, e.at)", "list(google.protobuf.Timestamp)"),
        ("events[0].at.getFullYear()", "int"),
        ("t - t", "google.protobuf.Duration"),
        ("t + dur", "google.protobuf.Timestamp"),
        ("t.getHours('+08:00') + dur.getMinutes()", "int"),
        ("d.anything.deeper", "dyn"),
        ("d + 1", "int"),
        ("d[0]", "dyn"),
        ("extras.known", "int"),
        ("extras.unknown", "dyn"),
        ("has(stats.minutes)", "bool"),
        ("[1, 2, 3].sum()", "int"),
        ("[1.5].max()", "double"),
        ("[1u].min()", "uint"),
        ("d.sum()", "dyn"),
        ("type(1)", "type(int)"),
        ("int", "type(int)"),
        ("type(1) == int", "bool"),
        ("x < f && u > x && 1 < 1.5", "bool"),
        ("x == 1 ? 'a' : 'b'", "string"),
        ("dyn(1)", "dyn"),
        ("m.all(k, v, v > 0 && k != '')", "bool"),
        ("m.transformMap(k, v, v * 2)", "map(string, int)"),
        ("[1, 2].transformList(i, v, i + v)", "list(int)"),
        ("[1, 2].exists_one(i, i > 1)", "bool"),
        ("[1, 2].map(i, i > 1, string(i))", "list(string)"),
        ("first([1, 2])", "int"),
        ("first(['a'])", "string"),
        ("pair(1, 2)", "list(int)"),
        ("pair(1, dyn('a'))", "list(dyn)"),
        ("x.describe()", "string"),
        ("a.b + 1", "int"),
        ("timestamp('2026-01-01T00:00:00Z') < t", "bool"),
        ("'a' in m", "bool"),
        ("[null, t][0]", "google.protobuf.Timestamp"),
    ])
    func resultTypes(source: String, expected: String) throws {
        let checked = try Self.check(source).get()
        #expect(checked.resultType.description == expected)
    }

    /// Source, offset of the issue, and a fragment of its message.
    @Test(arguments: [
        ("stats.focus_minutes * 1.0", 20, "no matching overload for '*' applied to (int, double)"),
        ("stats.focus_minutes * 1.0", 20, "convert one side with int(), uint() or double()"),
        ("stats.minuts > 1", 6, "no such field 'minuts'; did you mean 'minutes'?"),
        ("has(stats.minuts)", 10, "no such field 'minuts'; did you mean 'minutes'?"),
        ("streak.stauts == 'x'", 7, "no such field 'stauts'; did you mean 'status'?"),
        ("streak.zzz", 7, "no such field 'zzz' (Streak has current, status)"),
        ("events.filter(e, e.tpye == 'x')", 19, "did you mean 'type'?"),
        ("staats.minutes", 0, "undeclared reference to 'staats'; did you mean 'stats'?"),
        ("size(1)", 0, "no matching overload for 'size' applied to (int)"),
        ("s.contains(1)", 2, "no matching overload for 'contains' applied to string.(int)"),
        ("x.foo", 2, "type 'int' does not support field selection"),
        ("1 + 1u", 2, "no matching overload for '+' applied to (int, uint)"),
        ("x == 1u", 2, "no matching overload for '==' applied to (int, uint)"),
        ("true ? 1 : 'a'", 5, "no matching overload for '?:'"),
        ("!x", 0, "no matching overload for '!' applied to (int)"),
        ("x in [1u]", 2, "no matching overload for 'in'"),
        ("x.all(i, i > 0)", 0, "cannot be the range of a comprehension"),
        ("foo(1)", 0, "undeclared reference to 'foo'"),
        ("events.exists(e, e.type)", 17, "the condition of 'exists' must be bool, but this is string"),
        ("events.filter(e, e.at)", 17, "the condition of 'filter' must be bool"),
        ("m.all(k, v, v)", 12, "the condition of 'all' must be bool, but this is int"),
        ("[1].map(i, i, i)", 11, "the condition of 'map' must be bool"),
        ("cel.bind(1)", 0, "undeclared reference to 'cel.bind'"),
        ("pair(1, 'a')", 0, "no matching overload for 'pair' applied to (int, string)"),
        ("['a'].sum()", 6, "no matching overload for 'sum' applied to list(string).()"),
        ("1.5.describe()", 4, "no matching overload for 'describe' applied to double.()"),
    ])
    func errors(source: String, offset: Int, fragment: String) throws {
        guard case .failure(let errors) = Self.check(source) else {
            Issue.record("\(source) type-checked")
            return
        }
        let issue = try #require(errors.issues.first)
        #expect(errors.issues.count == 1, "\(errors.issues.map(\.message))")
        #expect(issue.offset == offset)
        #expect(issue.message.contains(fragment), "\(issue.message)")
    }

    @Test func fieldErrorsCarryLineColumnAndLength() throws {
        guard case .failure(let errors) = Self.check("stats.minutes > 1 &&\n  stats.minuts > 2") else {
            Issue.record("type-checked")
            return
        }
        let issue = try #require(errors.issues.first)
        #expect(issue.line == 2)
        #expect(issue.column == 9)
        #expect(issue.length == 6)
    }

    @Test func errorsAreSortedByPosition() throws {
        guard case .failure(let errors) = Self.check("stats.zz + streak.yy + nope") else {
            Issue.record("type-checked")
            return
        }
        #expect(errors.issues.map(\.offset) == [6, 18, 23])
    }

    @Test(arguments: [
        ("1 + 2", ["add_int64"]),
        ("1 < 1.5", ["less_int64_double"]),
        ("2u >= 1", ["greater_equals_uint64_int64"]),
        ("size('a')", ["size_string"]),
        ("'a'.size()", ["string_size"]),
        ("[1][0]", ["index_list"]),
        ("m['a']", ["index_map"]),
        ("t.getDayOfWeek('UTC')", ["timestamp_to_day_of_week_with_tz"]),
        ("dur.getSeconds()", ["duration_to_seconds"]),
        ("[1.0].sum()", ["sum_list_double"]),
        ("d.getSeconds()", ["timestamp_to_seconds", "duration_to_seconds"]),
    ])
    func overloadReferences(source: String, expected: [String]) throws {
        let checked = try Self.check(source).get()
        #expect(checked.references[checked.ast.root.id] == .overloads(expected))
    }

    @Test func variablesAreResolvedAndQualifiedNamesRewritten() throws {
        let checked = try Self.check("a.b + stats.minutes").get()
        guard case .call(_, _, let args) = checked.ast.root.kind else {
            Issue.record("not a call")
            return
        }
        #expect(sketch(args[0]) == "a.b")
        guard case .ident("a.b") = args[0].kind else {
            Issue.record("qualified variable not rewritten to an identifier: \(args[0].kind)")
            return
        }
        #expect(checked.references[args[0].id] == .variable("a.b"))
        guard case .select(let operand, "minutes", false) = args[1].kind else {
            Issue.record("field selection lost")
            return
        }
        #expect(checked.references[operand.id] == .variable("stats"))
        #expect(checked.types[args[1].id] == .int)
    }

    @Test func everyNodeHasAType() throws {
        let checked = try Self.check("events.filter(e, e.type == 'x').map(e, e.at)[0] < t ? [1] : []").get()
        var missing = 0
        func visit(_ expr: CELExpr) {
            if checked.types[expr.id] == nil { missing += 1 }
            expr.children.forEach(visit)
        }
        visit(checked.ast.root)
        #expect(missing == 0)
        #expect(checked.resultType == .list(.int))
    }

    @Test func containerResolution() throws {
        var environment = CELEnvironment(container: "com.example")
        environment.declare(variable: "com.example.y", type: .bool)
        environment.declare(variable: "y", type: .string)
        environment.declare(variable: "com.z", type: .int)
        let inner = try Self.check("y", in: environment).get()
        #expect(inner.resultType == .bool)
        #expect(inner.references[inner.ast.root.id] == .variable("com.example.y"))
        let root = try Self.check(".y", in: environment).get()
        #expect(root.resultType == .string)
        #expect(root.references[root.ast.root.id] == .variable("y"))
        #expect(try Self.check("z", in: environment).get().resultType == .int)
        let shadowed = try Self.check("[1].exists(y, y == 1)", in: environment).get()
        #expect(shadowed.resultType == .bool)
    }

    @Test func comprehensionVariablesShadowQualifiedGlobals() throws {
        var environment = CELEnvironment()
        environment.declare(variable: "y.z", type: .string)
        let checked = try Self.check("[{'z': 0}].exists(y, y.z == 0)", in: environment).get()
        #expect(checked.resultType == .bool)
    }

    @Test(arguments: [
        (CELType.list(.string), "list(string)"),
        (.map(.string, .dyn), "map(string, dyn)"),
        (.timestamp, "google.protobuf.Timestamp"),
        (.duration, "google.protobuf.Duration"),
        (.type(.int), "type(int)"),
        (.opaque("optional_type", [.int]), "optional_type(int)"),
        (.null, "null_type"),
        (.record(CheckerTests.stats), "Stats"),
        (.typeParam("T"), "T"),
    ])
    func typeDescriptions(type: CELType, expected: String) {
        #expect(type.description == expected)
    }

    @Test func compileRunsParseCheckAndPlan() throws {
        #expect(throws: Never.self) { try Self.environment.compile("stats.focus_minutes >= 600").get() }
        guard case .failure(let errors) = Self.environment.compile("stats.focus_minutes * 1.0") else {
            Issue.record("int × double compiled")
            return
        }
        #expect(errors.issues.count == 1)
        guard case .failure(let parseErrors) = Self.environment.compile("1 +") else {
            Issue.record("syntax error compiled")
            return
        }
        #expect(parseErrors.issues.first?.message.contains("unexpected end of input") == true)
    }
}

@Suite struct CheckerDepthTests {
    /// The deepest expressions the parser accepts must check without exhausting the stack of a
    /// test thread (the checker recurses once per nesting level).
    @Test(arguments: [
        String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100),
        String(repeating: "-", count: 100) + "x",
        "d" + String(repeating: ".f", count: 100),
        String(repeating: "string(", count: 99) + "1" + String(repeating: ")", count: 99),
        String(repeating: "[1].all(x, ", count: 49) + "true" + String(repeating: ")", count: 49),
        String(repeating: "x + ", count: 99) + "x",
    ])
    func deepestAcceptedExpressionsCheck(source: String) throws {
        var environment = CELEnvironment()
        environment.declare(variable: "x", type: .int)
        environment.declare(variable: "d", type: .dyn)
        let ast = try environment.parse(source).get()
        let checked = environment.check(ast)
        guard case .success = checked else {
            Issue.record("\(checked)")
            return
        }
    }
}
