import Diagnostics
import Testing
@testable import YAMLSource

/// What YAML does to an unquoted CEL expression, and what the diagnostic tells the author.
@Suite struct ExpressionTrapTests {
    static func when(_ source: String) throws -> (YAMLNode, YAMLDocument) {
        let result = YAMLLoader.load(text: "schema: 1\nwhen: \(source)\n", file: "t.yaml")
        let document = try #require(result.document, "\(result.diagnostics)")
        let node = try #require(FixtureFiles.value("when", in: document.root))
        return (node, document)
    }

    static let cases: [(source: String, code: String)] = [
        ("!x", "E120"),
        ("!done && false", "E100"),  // `&&` then reads as an anchor: a syntax error, not a node
        ("&a metrics.x > 1", "E122"),
        ("[1, 2]", "E123"),
        ("{a: 1}", "E123"),
        ("\n  - a\n  - b", "E124"),
        ("\n  a: 1", "E124"),
        ("", "E126"),
        ("a > 1 #b", "E125"),
    ]

    @Test(arguments: cases)
    func eachTrapHasItsOwnCode(source: String, code: String) throws {
        let result = YAMLLoader.load(text: "schema: 1\nwhen: \(source)\n", file: "t.yaml")
        if code == "E100" {
            #expect(result.diagnostics.map(\.code) == ["E100"])
            return
        }
        let document = try #require(result.document)
        let node = try #require(FixtureFiles.value("when", in: document.root))
        let problem = try #require(node.expressionProblem(field: "when", in: document))
        #expect(problem.code == code)
        #expect(problem.span?.file == "t.yaml")
        #expect(node.expressionTrap?.code.code == code)
    }

    @Test func tagTrapSaysWhatYAMLDidAndHowToQuote() throws {
        let (node, document) = try ExpressionTrapTests.when("!x")
        let problem = try #require(node.expressionProblem(field: "when", in: document))
        #expect(problem.message == "YAML read `!x` as a tag, not as CEL negation; quote the expression: when: \"!x\"")
        #expect(problem.severity == .error)
        #expect(problem.span?.start == SourcePosition(line: 2, column: 7))
        // Without the document the fix is rebuilt from the tag and the text.
        #expect(node.expressionProblem(field: "when")?.message == problem.message)
    }

    @Test func aliasTrap() throws {
        let result = YAMLLoader.load(text: "schema: 1\ngoal: &g x > 1\nwhen: *g\n", file: "t.yaml")
        let document = try #require(result.document)
        let node = try #require(FixtureFiles.value("when", in: document.root))
        let problem = try #require(node.expressionProblem(field: "when", in: document))
        #expect(problem.code == "E121")
        #expect(problem.message.contains("`*g` as an alias"))
        #expect(problem.fix?.hasSuffix("when: \"*g\"") == true)
        #expect(problem.fix?.contains("metrics.NAME") == true)
        #expect(problem.span?.start == SourcePosition(line: 3, column: 7))
        // The anchored original is itself a trap (it carries `&g`), reported where it is written.
        let original = try #require(FixtureFiles.value("goal", in: document.root))
        #expect(original.expressionProblem(field: "goal")?.code == "E122")
    }

    @Test func commentTrapQuotesTheWholeLineWithSingleQuotesWhenItHasDoubleQuotes() throws {
        let (node, document) = try ExpressionTrapTests.when("event.tag == \"a  #b\"")
        let problem = try #require(node.expressionProblem(field: "when", in: document))
        #expect(problem.code == "E125")
        #expect(problem.severity == .warning)
        #expect(problem.fix == "write when: 'event.tag == \"a  #b\"', or move the comment to its own line")
        #expect(problem.span?.start == SourcePosition(line: 2, column: 24))
        #expect(node.trailingComment?.text == "#b\"")
    }

    @Test(arguments: ["\"a #b\"", "'a #b'", "|\n  a #b\n", "a#b"])
    func nothingIsLostWhenTheHashIsInsideTheValue(source: String) throws {
        let (node, _) = try ExpressionTrapTests.when(source)
        #expect(node.expressionTrap == nil)
        #expect(node.scalarText?.contains("#b") == true)
    }

    @Test(arguments: ["metrics.x >= 600", "!!str x > 1", "\"!x\"", "'*g'", "\"[1, 2].size() > 1\"", "|\n  a &&\n  b\n"])
    func wellWrittenExpressionsHaveNoTrap(source: String) throws {
        let (node, document) = try ExpressionTrapTests.when(source)
        #expect(node.expressionProblem(field: "when", in: document) == nil)
    }

    @Test func quotingPrefersDoubleThenSingleThenBlock() {
        #expect(YAMLNode.quoted("!x") == "\"!x\"")
        #expect(YAMLNode.quoted("a == \"b\"") == "'a == \"b\"'")
        #expect(YAMLNode.quoted("a == \"it's\"") == "|\n  a == \"it's\"")
        // A backslash would start an escape inside double quotes.
        #expect(YAMLNode.quoted(#"a.matches(r"\d")"#) == #"'a.matches(r"\d")'"#)
    }
}
