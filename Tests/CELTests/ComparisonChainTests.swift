import CEL
import Testing

/// Comparisons of one value joined by `&&` that no value meets, and by `||` that every value
/// meets (`CELComparisonChain` through `CELConstantFolding`): what must be caught, what must not.
@Suite struct ComparisonChainTests {
    static func checked(_ source: String) throws -> CELCheckedAST {
        var environment = CELEnvironment()
        let stats = CELRecordType(name: "test.Stats", fields: [("focus", .int), ("ratio", .double), ("name", .string),
                                                                ("done", .uint), ("other", .int)])
        environment.declare(variable: "stats", type: .record(stats))
        environment.declare(variable: "m", type: .map(.string, .dyn))
        environment.declare(variable: "items", type: .list(.int))
        switch environment.compile(source) {
        case .success(let program): return try #require(program.checked)
        case .failure(let errors): throw errors
        }
    }

    static func folded(_ source: String) throws -> Bool? {
        CELConstantFolding(try checked(source)).root?.bool
    }

    @Test(arguments: [
        // No value meets all of a conjunction's comparisons of one value.
        ("stats.focus > 5 && stats.focus < 3", false),
        ("stats.focus == 2 && stats.focus == 3", false),
        ("stats.focus >= 10 && stats.focus < 10", false),
        ("stats.focus > 10 && stats.focus <= 10", false),
        ("5 < stats.focus && 3 > stats.focus", false),
        ("stats.focus > 5 && stats.focus < 6", false),                   // no int strictly between
        ("stats.focus >= 3 && stats.focus <= 3 && stats.focus != 3", false),
        ("stats.ratio > 2.5 && stats.ratio < 1.0", false),
        ("stats.ratio >= 1 && stats.ratio < 1.0", false),                 // int and double compared as numbers
        ("stats.name > \"m\" && stats.name < \"b\"", false),
        ("stats.name == \"a\" && stats.name == \"b\"", false),
        ("m.x > 5 && m.x < 3", false),
        ("stats.other > 0 && stats.focus > 5 && stats.focus < 3", false),   // beside other operands
        ("stats.done > 5u && stats.done < 3u", false),
        ("items.size() > 3 && items.size() < 2", false),
        // Every value meets one of a disjunction's.
        ("stats.focus >= 3 || stats.focus < 5", true),
        ("stats.focus < 3 || stats.focus >= 3", true),
        ("stats.focus != 3 || stats.focus != 4", true),
        ("stats.ratio >= 3.0 || stats.ratio < 5", true),
        ("stats.name < \"m\" || stats.name >= \"a\"", true),
        ("stats.other == 1 || stats.focus >= 3 || stats.focus < 5", true),
    ])
    func catches(source: String, value: Bool) throws {
        #expect(try Self.folded(source) == value)
        let condition = try #require(CELConstantFolding(try Self.checked(source)).constantConditions().first)
        #expect(condition.chain != nil)
    }

    @Test(arguments: [
        "stats.focus > 5 && stats.focus < 10",
        "stats.focus > 5 && stats.other < 3",          // two values
        "m.a > 5 && m.b < 3",                           // two fields of one map
        "stats.ratio > 5 && stats.ratio < 6",           // a double between
        "m.x > 5 && m.x < 6",                           // dyn: could be 5.5
        "stats.ratio > 5 && stats.ratio < 5.5",
        "stats.focus >= 10 && stats.focus <= 10",
        "stats.focus != 3 && stats.focus >= 3",
        "stats.focus < 3 || stats.focus > 5",
        "stats.focus == 3 || stats.focus == 4",
        "stats.focus > 5",
        "stats.name > \"a\" && stats.name < \"b\"",
        "m.x > 5 && m.x < \"b\"",                      // a number and a string: not judged
        "stats.focus > 5 || stats.focus < 3",
    ])
    func doesNotCatch(source: String) throws {
        #expect(try Self.folded(source) == nil)
        #expect(CELConstantFolding(try Self.checked(source)).constantConditions().isEmpty)
    }

    /// The finding names the value and the comparisons that decide, in written order.
    @Test func namesTheValueAndItsComparisons() throws {
        let checked = try Self.checked("stats.other > 0 && stats.focus > 5 && stats.focus < 3")
        let condition = try #require(CELConstantFolding(checked).constantConditions().first)
        let chain = try #require(condition.chain)
        let scalars = Array(checked.ast.source.unicodeScalars)
        func text(_ node: CELExpr) -> String {
            String(String.UnicodeScalarView(scalars[node.range.start..<node.range.end]))
        }
        #expect(text(chain.subject) == "stats.focus")
        #expect(chain.comparisons.map(text) == ["stats.focus > 5", "stats.focus < 3"])
    }
}
