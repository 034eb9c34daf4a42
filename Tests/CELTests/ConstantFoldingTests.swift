import CEL
import Testing

/// Constant folding and monotonicity as analyses: what they must find, and what they must not.
@Suite struct ConstantFoldingTests {
    static func checked(_ source: String) throws -> CELCheckedAST {
        var environment = CELEnvironment()
        let stats = CELRecordType(name: "test.Stats", fields: [("focus", .int), ("goal", .int), ("done", .uint)])
        environment.declare(variable: "stats", type: .record(stats))
        environment.declare(variable: "items", type: .list(.int))
        environment.declare(variable: "words", type: .list(.string))
        environment.declare(variable: "limit", type: .int)
        environment.declare(variable: "flag", type: .bool)
        switch environment.compile(source) {
        case .success(let program): return try #require(program.checked)
        case .failure(let errors): throw errors
        }
    }

    /// `stats.goal` is vouched a constant 600, `stats.focus` a count.
    static func folding(_ checked: CELCheckedAST) -> CELConstantFolding {
        CELConstantFolding(checked) { node in
            guard case .select(let operand, let field, false) = node.kind, case .ident("stats") = operand.kind else { return nil }
            switch field {
            case "goal": return .constant(.int(600))
            case "focus": return .nonNegative
            default: return nil
            }
        }
    }

    @Test(arguments: [
        ("1 + 2 > 2", true),
        ("items.size() >= 0", true),
        ("size(items) > -1", true),
        ("0 <= items.size()", true),
        ("items.size() < 0", false),
        ("items.size() == -1", false),
        ("stats.done >= 0u", true),
        ("flag && items.size() < 0", false),
        ("flag || 2 > 1", true),
        ("!(1 == 1)", false),
        ("1 > 0 ? true : flag", true),
        ("stats.goal > 5", true),
        ("stats.focus >= 0", true),
        ("stats.focus + items.size() >= 0", true),
        ("[1, 2, 3].all(x, x > 0)", true),
        ("stats.goal * 2 == 1200", true),
    ])
    func foldsToAConstant(source: String, value: Bool) throws {
        #expect(Self.folding(try Self.checked(source)).root?.bool == value)
    }

    @Test(arguments: [
        "items.size() >= 1",
        "items.size() > 0",
        "limit >= 0",                   // an int may be negative
        "stats.focus - 5 >= 0",
        "flag && 1 > 0",
        "items.exists(x, x > limit)",
        "1 / 0 > 0",                    // always an error: not a constant
        "items.size() >= 0.5",
    ])
    func doesNotFold(source: String) throws {
        #expect(Self.folding(try Self.checked(source)).root?.bool == nil)
    }

    @Test(arguments: [
        ("items.size() >= 0", ["items.size() >= 0"]),
        ("flag || items.size() >= 0", ["items.size() >= 0"]),
        ("flag || true", ["flag || true"]),
        ("items.exists(x, x > 1 && words.size() >= 0)", ["words.size() >= 0"]),
        ("stats.goal > 5 && flag", ["stats.goal > 5"]),
        ("true", []),
        ("flag && true", []),
        ("items.size() >= limit", []),
    ])
    func findsTheInnermostConstantConditions(source: String, expected: [String]) throws {
        let checked = try Self.checked(source)
        let found = Self.folding(checked).constantConditions().map { condition in
            let scalars = Array(source.unicodeScalars)[condition.node.range.start..<condition.node.range.end]
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }
        #expect(found == expected)
    }

    @Test func tellsACountComparisonFromAFold() throws {
        let count = try #require(Self.folding(try Self.checked("items.size() >= 0")).constantConditions().first)
        let fold = try #require(Self.folding(try Self.checked("2 > 1 && flag")).constantConditions().first)
        #expect(count.comparesCount && count.value)
        #expect(!fold.comparesCount && fold.value)
    }

    @Test(arguments: [
        ("items.size() >= 3", true),
        ("items.filter(x, x > 2).size() > 3", true),
        ("items.exists(x, x == 7)", true),
        ("items.map(x, x * 2).size() >= 1 && items.exists(x, x > 0)", true),
        ("3 <= size(items + items)", true),
        ("items.size() < 3", false),
        ("items.filter(x, x > limit).size() >= 3", false),  // the predicate reads another variable
        ("items.all(x, x > 0)", false),
        ("words.size() >= 3", false),                       // not a growing list
        ("items.size() >= 3 && flag", false),
        ("items.filter(x, x > 2).distinct().size() >= 3", false),
    ])
    func knowsWhatOnlyGrows(source: String, grows: Bool) throws {
        let checked = try Self.checked(source)
        #expect(CELMonotonicity(checked, growing: ["items"]).isNonDecreasing == grows)
    }
}
