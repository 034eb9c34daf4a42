import CEL
import Evaluation
import Facts
import Foundation
import RuleModel
import Rules
import StateFileYAML

/// Runs rule tests (docs/guide.md, "4. Rule tests"): evaluates each test's state and compares the decision with what
/// the test expects.
///
/// How a state becomes a decision (reading the file or the inline mapping, building the facts,
/// replaying) is given by the caller, so that the runner stays independent of where states come
/// from; the command line passes the same path as `rulecheck eval`.
package struct RuleTestRunner {
    /// Evaluates one test's state (with its `now` override) against the rule set: the replay's
    /// outcome, whose decision is compared and whose variables at `now` the `holds` read.
    package typealias Evaluate = (RuleTestCase) throws -> ReplayOutcome

    let evaluate: Evaluate

    package init(evaluate: @escaping Evaluate) {
        self.evaluate = evaluate
    }

    /// Runs every test in order. A test whose state cannot be evaluated fails with its problem.
    package func run(_ tests: [RuleTestCase]) -> [RuleTestResult] {
        tests.map(run)
    }

    package func run(_ test: RuleTestCase) -> RuleTestResult {
        let outcome: ReplayOutcome
        do {
            outcome = try evaluate(test)
        } catch {
            return RuleTestResult(name: test.name, span: test.span, problem: "\(error)")
        }
        var mismatches = RuleTestComparison.mismatches(test.expect, outcome.decision)
        mismatches += Self.holdMismatches(test.expect, outcome)
        // A failure with no written expectation (an unexpected rule_error) is placed at the test.
        mismatches = mismatches.map { var m = $0; m.span = m.span ?? test.span; return m }
        return RuleTestResult(name: test.name, span: test.span, mismatches: mismatches)
    }

    /// Each `holds` condition evaluated at `now` over every variable; anything but `true` fails.
    static func holdMismatches(_ expect: RuleTestCase.Expectation, _ outcome: ReplayOutcome) -> [RuleTestMismatch] {
        let activation = outcome.activationAtNow
        var found: [RuleTestMismatch] = []
        for (index, condition) in expect.holds.enumerated() {
            let value = condition.program.evaluate(activation)
            if case .bool(true) = value { continue }
            let subject = "\(RuleTestExpectKey.holds.rawValue)[\(index)]"
            found.append(RuleTestMismatch(subject: subject, expected: "'\(condition.source)' to be true",
                                          actual: ExplanationValueText.text(value, offsetSeconds: outcome.decision.now.offsetSeconds),
                                          span: expect.span(of: subject)))
        }
        return found
    }
}

extension RuleTestRunner {
    /// A runner that evaluates each test like `rulecheck eval`: the state file (or the inline
    /// state), `now` from the test, else the state's own, else the clock; facts; replay.
    /// With `coverage`, each test's facts are also evaluated by it (`CoverageRecorder.record`).
    package static func replaying(_ rules: RuleSet, coverage: CoverageRecorder? = nil) -> RuleTestRunner {
        RuleTestRunner { test in
            let state: StateFile
            let badEvents: BadEvents = test.skipsBadEvents ? .skip : .reject
            switch test.state {
            case .file(let path):
                state = try StateFile.load(path: path, badEvents: badEvents)
            case .inline(let node):
                state = try StateFile.decode(RuleTestStateDocument.json(node), file: "\(test.span.file):\(test.span.start.line)",
                                             badEvents: badEvents)
            }
            let now: Moment
            if let text = test.now {
                switch Moment.parse(text) {
                case .success(let moment): now = moment
                case .failure(let problem): throw NowProblem(text: text, problem: "\(problem)")
                }
            } else if let own = state.now {
                now = own
            } else {
                now = Moment(instant: CELTimestamp(seconds: Int64(Date().timeIntervalSince1970.rounded(.down))), offsetSeconds: 0)
            }
            let facts = try StateFacts(state: state, rules: rules, now: now)
            let outcome = Replay(rules: rules).run(facts)
            if let coverage { coverage.record(try StateFacts(state: state, rules: rules, now: now), outcome: outcome) }
            return outcome
        }
    }

    /// A test's `now` that is not an RFC 3339 timestamp with an offset.
    struct NowProblem: Error, CustomStringConvertible {
        var text: String
        var problem: String
        var description: String { "now '\(text)': \(problem)" }
    }
}
