import Testing
@testable import CEL

@Suite struct ParserTests {
    @Test(arguments: [
        ("1 + 2 * 3", "_+_(1, _*_(2, 3))"),
        ("1 - 2 - 3", "_-_(_-_(1, 2), 3)"),
        ("8 / 4 % 3 * 2", "_*_(_%_(_/_(8, 4), 3), 2)"),
        ("a < b == c", "_==_(_<_(a, b), c)"),
        ("a + 1 in b", "@in(_+_(a, 1), b)"),
        ("a && b || c && d", "_||_(_&&_(a, b), _&&_(c, d))"),
        ("a || b && c", "_||_(a, _&&_(b, c))"),
        ("a ? b : c ? d : e", "_?_:_(a, b, _?_:_(c, d, e))"),
        ("a || b ? c : d", "_?_:_(_||_(a, b), c, d)"),
        ("!a.b", "!_(a.b)"),
        ("!!a", "!_(!_(a))"),
        ("-a.b[0]", "-_(_[_](a.b, 0))"),
        ("--x", "-_(-_(x))"),
        ("-5", "-5"),
        ("--5", "-_(-5)"),
        ("-1.5", "-1.5"),
        ("-1u", "-_(1u)"),
        ("-(5)", "-_(5)"),
        ("a.b.c(1, 2).d", "a.b.c(1, 2).d"),
        ("f(x)[1]", "_[_](f(x), 1)"),
        (".a.b", ".a.b"),
        (".f(1)", ".f(1)"),
        ("a.package()", "a.package()"),
        ("{'a': 1}.`content-type`", "{\"a\": 1}.content-type"),
        ("[1, 2,]", "[1, 2]"),
        ("{1: 2, 3: 4,}", "{1: 2, 3: 4}"),
        ("[]", "[]"),
        ("{}", "{}"),
        ("(1 + 2) * 3", "_*_(_+_(1, 2), 3)"),
        ("a >= 1 != b <= 2", "_<=_(_!=_(_>=_(a, 1), b), 2)"),
        ("a || b || c || d", "_||_(_||_(a, b), _||_(c, d))"),
        ("x > 1 && x < 5 ? 'in' : 'out'", "_?_:_(_&&_(_>_(x, 1), _<_(x, 5)), \"in\", \"out\")"),
    ])
    func precedence(source: String, expected: String) throws {
        let ast = try #require(parsed(source))
        #expect(sketch(ast.root) == expected)
    }

    @Test(arguments: [
        ("0", CELLiteral.int(0)),
        ("42", .int(42)),
        ("-9223372036854775808", .int(Int64.min)),
        ("9223372036854775807", .int(Int64.max)),
        ("0x1F", .int(31)),
        ("-0x10", .int(-16)),
        ("0x55555555u", .uint(0x5555_5555)),
        ("18446744073709551615u", .uint(UInt64.max)),
        ("7U", .uint(7)),
        ("1.5", .double(1.5)),
        (".5", .double(0.5)),
        ("1e3", .double(1000)),
        ("2.5E-1", .double(0.25)),
        ("1e+2", .double(100)),
        ("true", .bool(true)),
        ("null", .null),
        ("'a\\'b'", .string("a'b")),
        ("\"tab\\tnew\\n\"", .string("tab\tnew\n")),
        ("'\\a\\b\\f\\r\\v\\\\\\?\\\"\\`'", .string("\u{07}\u{08}\u{0C}\r\u{0B}\\?\"`")),
        ("'\\x41\\X42'", .string("AB")),
        ("'\\u00e9'", .string("é")),
        ("'\\U0001F62C'", .string("😬")),
        ("'\\101\\377'", .string("Aÿ")),
        ("r'\\n\\x'", .string("\\n\\x")),
        ("R\"\\d+\"", .string("\\d+")),
        ("'''a'b\"\nc'''", .string("a'b\"\nc")),
        ("\"\"\"x\"\"\"", .string("x")),
        ("b'abc'", .bytes([97, 98, 99])),
        ("b'ÿ'", .bytes([195, 191])),
        ("b'\\377\\xff\\303'", .bytes([255, 255, 195])),
        ("b'\\u00ff'", .bytes([195, 191])),
        ("br'\\x'", .bytes([92, 120])),
        ("B'''a\nb'''", .bytes([97, 10, 98])),
        ("'' // comment", .string("")),
    ])
    func literals(source: String, expected: CELLiteral) throws {
        let ast = try #require(parsed(source))
        guard case .literal(let literal) = ast.root.kind else {
            Issue.record("not a literal: \(sketch(ast.root))")
            return
        }
        #expect(literal == expected)
    }

    /// Source, offset of the issue, and a fragment its message contains.
    @Test(arguments: [
        ("1 + )", 4, "unexpected token ')'; expected an expression"),
        ("(1 + 2", 5, "unexpected end of input; expected ')'"),
        ("a.b.", 3, "unexpected end of input; expected a field or method name"),
        ("f(1,)", 4, "unexpected token ')'; expected an expression"),
        ("a = b", 2, "did you mean '=='"),
        ("1 2", 2, "expected end of input"),
        ("if", 0, "'if' is a reserved word"),
        ("x + while", 4, "'while' is a reserved word"),
        ("'abc", 0, "unterminated string"),
        ("'a\nb'", 0, "unterminated string"),
        ("'\\s'", 1, "invalid escape sequence '\\s'"),
        ("'\\uD83D'", 1, "invalid Unicode code point"),
        ("'\\u12'", 1, "needs 4 hexadecimal digits"),
        ("b'\\U0001F62C'", 2, "not allowed in bytes"),
        ("'\\400'", 1, "invalid escape sequence '\\4'"),
        ("'\\08'", 1, "octal"),
        ("9223372036854775808", 0, "out of range"),
        ("18446744073709551616u", 0, "out of range"),
        ("has(a)", 4, "invalid argument to has() macro"),
        ("[1].all(x.y, true)", 8, "argument must be a simple name"),
        ("[1].exists(x, x, true)", 14, "duplicate variable name"),
        ("a # b", 2, "unexpected character '#'"),
        ("!-a", 1, "unexpected token '-'"),
        ("Msg{a: 1}", 3, "not supported"),
        ("x.`a b", 2, "unterminated quoted field name"),
    ])
    func errors(source: String, offset: Int, fragment: String) throws {
        let issue = try #require(parseIssue(source))
        #expect(issue.offset == offset)
        #expect(issue.message.contains(fragment), "\(issue.message)")
    }

    @Test func issuesCarryLineAndColumn() throws {
        let issue = try #require(parseIssue("a &&\n  b +\n   )"))
        #expect(issue.line == 3)
        #expect(issue.column == 4)
        #expect(issue.offset == 14)
        #expect(issue.length == 1)
    }

    @Test func offsetsCountUnicodeScalars() throws {
        let issue = try #require(parseIssue("'😬é' + )"))
        #expect(issue.offset == 7)
        #expect(issue.column == 8)
    }

    @Test(arguments: [
        ("(", ")", "1"),
        ("[", "]", "1"),
        ("f(", ")", "1"),
        ("{1: ", "}", "1"),
        ("!", "", "true"),
    ])
    func nestingLimit(open: String, close: String, innermost: String) {
        func nested(_ depth: Int) -> String {
            String(repeating: open, count: depth) + innermost + String(repeating: close, count: depth)
        }
        #expect(parsed(nested(CELParser.maxNesting)) != nil)
        let issue = parseIssue(nested(CELParser.maxNesting + 1))
        #expect(issue?.message.contains("nesting exceeds the limit of 100") == true)
    }

    @Test func selectionChainsCountAsNesting() {
        #expect(parsed("a" + String(repeating: ".b", count: 100)) != nil)
        #expect(parseIssue("a" + String(repeating: ".b", count: 101))?.message.contains("nesting") == true)
        #expect(parsed("x" + String(repeating: "[0]", count: 100)) != nil)
        #expect(parseIssue("x" + String(repeating: "[0]", count: 101))?.message.contains("nesting") == true)
    }

    @Test func deepInputIsAnIssueNotACrash() {
        let parens = String(repeating: "(", count: 4_000) + "1" + String(repeating: ")", count: 4_000)
        #expect(parseIssue(parens)?.message.contains("nesting") == true)
        let ternaries = String(repeating: "a ? b : ", count: 1_200) + "c"
        #expect(parseIssue(ternaries)?.message.contains("nesting") == true)
        let negations = String(repeating: "-", count: 9_000) + "x"
        #expect(parseIssue(negations)?.message.contains("nesting") == true)
    }

    @Test func longChainsOfLogicalOperatorsStayShallow() {
        let source = Array(repeating: "a", count: 1_000).joined(separator: " || ")
        #expect(parsed(source) != nil)
    }

    @Test func sourceLengthLimit() {
        let atLimit = "'" + String(repeating: "x", count: CELParser.maxLength - 2) + "'"
        #expect(parsed(atLimit) != nil)
        let overLimit = "'" + String(repeating: "x", count: CELParser.maxLength - 1) + "'"
        let issue = parseIssue(overLimit)
        #expect(issue?.message.contains("the limit is 10000") == true)
    }

    @Test(arguments: [
        ("has(a.b)", "has(a.b)"),
        ("l.all(x, x > 0)",
         "fold(x in l; @result = true; while @not_strictly_false(@result); step _&&_(@result, _>_(x, 0)); result @result)"),
        ("l.exists(x, x > 0)",
         "fold(x in l; @result = false; while @not_strictly_false(!_(@result)); step _||_(@result, _>_(x, 0)); result @result)"),
        ("l.exists_one(x, x > 0)",
         "fold(x in l; @result = 0; while true; step _?_:_(_>_(x, 0), _+_(@result, 1), @result); result _==_(@result, 1))"),
        ("l.map(x, x * 2)",
         "fold(x in l; @result = []; while true; step _+_(@result, [_*_(x, 2)]); result @result)"),
        ("l.map(x, x > 1, x * 2)",
         "fold(x in l; @result = []; while true; step _?_:_(_>_(x, 1), _+_(@result, [_*_(x, 2)]), @result); result @result)"),
        ("l.filter(x, x > 1)",
         "fold(x in l; @result = []; while true; step _?_:_(_>_(x, 1), _+_(@result, [x]), @result); result @result)"),
        ("m.all(k, v, v > k)",
         "fold(k, v in m; @result = true; while @not_strictly_false(@result); step _&&_(@result, _>_(v, k)); result @result)"),
        ("m.existsOne(k, v, v)",
         "fold(k, v in m; @result = 0; while true; step _?_:_(v, _+_(@result, 1), @result); result _==_(@result, 1))"),
        ("l.transformList(i, v, v + i)",
         "fold(i, v in l; @result = []; while true; step _+_(@result, [_+_(v, i)]); result @result)"),
        ("m.transformMap(k, v, k != 'a', v)",
         "fold(k, v in m; @result = {}; while true; step _?_:_(_!=_(k, \"a\"), cel.@mapInsert(@result, k, v), @result); result @result)"),
        ("map(a, b)", "map(a, b)"),
        ("l.filter(x)", "l.filter(x)"),
    ])
    func macros(source: String, expected: String) throws {
        let ast = try #require(parsed(source))
        #expect(sketch(ast.root) == expected)
    }

    @Test func macrosCanBeLeftUnexpanded() throws {
        let ast = try CELEnvironment().parse("has(a.b) && l.all(x, x)", expandsMacros: false).get()
        #expect(sketch(ast.root) == "_&&_(has(a.b), l.all(x, x))")
        #expect(ast.macroCalls.isEmpty)
    }

    @Test func macroCallsAreKeptAsWritten() throws {
        let ast = try #require(parsed("events.filter(e, e.kind == 'x').size() > 2"))
        #expect(ast.macroCalls.count == 1)
        let (id, call) = try #require(ast.macroCalls.first)
        #expect(sketch(call) == "events.filter(e, _==_(e.kind, \"x\"))")
        #expect(call.id == id)
        #expect(call.range == CELSourceRange(start: 0, end: 31))
    }

    @Test func nodeIdsAreUnique() throws {
        let ast = try #require(parsed("[1, 2].map(x, x + 1).exists(y, y > {1: 2}[1]) ? a.b : c"))
        var seen = Set<CELExprID>()
        var duplicates = 0
        func visit(_ expr: CELExpr) {
            if !seen.insert(expr.id).inserted { duplicates += 1 }
            expr.children.forEach(visit)
        }
        visit(ast.root)
        #expect(duplicates == 0)
        #expect(seen.count > 20)
    }

    @Test func rangesAndAnchors() throws {
        let ast = try #require(parsed("stats.minutes * 1.0"))
        #expect(ast.root.range == CELSourceRange(start: 0, end: 19))
        #expect(ast.anchor(of: ast.root) == CELSourceRange(start: 14, end: 15))
        guard case .call(_, _, let args) = ast.root.kind else {
            Issue.record("not a call")
            return
        }
        #expect(args[0].range == CELSourceRange(start: 0, end: 13))
        #expect(ast.anchor(of: args[0]) == CELSourceRange(start: 6, end: 13))
        #expect(args[1].range == CELSourceRange(start: 16, end: 19))
    }
}
