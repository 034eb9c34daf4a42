import CEL
import Testing

/// `CELCostBound.steps(of:types:)` bounds one evaluation before it runs: the steps an
/// evaluation takes never exceed it, whatever the values (long strings, long lists), and
/// expressions whose cost depends on such values have no bound.
@Suite struct CostBoundTests {
    static func program(_ source: String) throws -> CELProgram {
        var environment = CELEnvironment()
        environment.declare(variable: "e", type: .dyn)
        environment.declare(variable: "n", type: .int)
        environment.declare(variable: "s", type: .string)
        switch environment.compile(source) {
        case .success(let program): return program
        case .failure(let errors): throw errors
        }
    }

    /// Values of `e` that make calls as costly as they can be: long strings and lists.
    static let events: [CELValue] = {
        let long = String(repeating: "x", count: 10_000)
        func event(_ type: String, _ minutes: Int64) -> CELValue {
            .map(CELMap(strings: [("type", .string(type)), ("minutes", .int(minutes)), ("note", .string(long)),
                                  ("tags", .list(CELList((0..<500).map { .int($0) })))]))
        }
        return [event("focus_session", 25), event(long, 0), event("task_completed", -3)]
    }()

    @Test(arguments: [
        "e.type == \"focus_session\"",
        "e.type != \"focus_session\" && e.minutes > 10",
        "e.type in [\"focus_session\", \"task_completed\", \"task_created\"]",
        "int(e.minutes) + 1",
        "e.minutes * 2 + n",
        "[1, 2, 3] == e.tags",
        "e.minutes == n",
    ])
    func boundsEveryEvaluation(source: String) throws {
        let program = try Self.program(source)
        let checked = try #require(program.checked)
        let bound = try #require(CELCostBound.steps(of: checked.ast.root, types: checked.types), "\(source)")
        for event in Self.events {
            var steps = 0
            _ = program.evaluate(CELActivation(["e": event, "n": .int(30), "s": .string("short")]),
                                 costLimit: 10_000_000, steps: &steps)
            #expect(steps <= bound, "\(source): \(steps) steps, bound \(bound)")
        }
    }

    @Test(arguments: [
        "e.note == e.type",            // two sides of unknown size
        "e.note == s",
        "e.note + e.type",             // a string built from values
        "e.minutes in e.tags",         // a list from the value
        "e.note.contains(\"x\")",      // traverses the value
        "e.note.matches(s)",           // a pattern from data
        "e.tags.exists(t, t > 3)",     // iterates
    ])
    func hasNoBoundWhenTheCostDependsOnValues(source: String) throws {
        let checked = try #require(try Self.program(source).checked)
        #expect(CELCostBound.steps(of: checked.ast.root, types: checked.types) == nil, "\(source)")
    }
}
