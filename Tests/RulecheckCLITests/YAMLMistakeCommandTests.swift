import Foundation
import Testing
import TestSupport

/// YAML mistakes on the command line, explained like CEL ones (docs/diagnostics-yaml.md): a
/// syntax error shows its line with a caret, a key off its siblings' column says which column,
/// and an entry swallowed by a block scalar is one message at its own line, which is also why
/// the tests that name it do not run.
@Suite struct YAMLMistakeCommandTests {
    static func fixture(_ name: String) -> String {
        "Tests/RulesTests/Fixtures/\(name)/rules"
    }

    @Test func aSyntaxErrorShowsItsLineWithACaret() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.fixture("E100_dedented_key_names_its_column")
        let run = try RulecheckRun.run(["validate", rules])
        #expect(run.status == 1)
        #expect(run.stdout.contains("""
            \(rules)/achievements.yaml:5:4: error[E100]: YAML syntax error: did not find expected '-' indicator (while parsing a block collection)
              |
            5 |    when: events.exists(e, e.type == "task_completed")
              |    ^

            """))
        #expect(run.stdout.contains("help: `when` is indented 1 space less than `title` on line 4: start it at column 5"))
    }

    @Test func anEntrySwallowedByABlockScalarIsOneMessageAtItsLine() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.fixture("E127_entry_inside_block_scalar")
        let validate = try RulecheckRun.run(["validate", rules])
        #expect(validate.status == 1)
        #expect(validate.stdout.components(separatedBy: "error[").count == 2)
        #expect(validate.stdout.contains("\(rules)/achievements.yaml:7:7: error[E127]:"))
        #expect(validate.stdout.contains("7 |       - id: ten_tasks"))
        let test = try RulecheckRun.run(["test", rules])
        #expect(test.status == 1)
        #expect(test.stderr.hasPrefix("rule set \(rules): its tests did not run: rule test 'ten tasks stay locked with none' names "
            + "'ten_tasks', which is written inside the block scalar above it at \(rules)/achievements.yaml:7:7\n"))
        #expect(!test.stderr.contains("E441"))
        #expect(!test.stderr.contains("E304"))
    }
}
