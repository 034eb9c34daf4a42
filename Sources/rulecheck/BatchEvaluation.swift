import ArgumentParser
import Evaluation
import Facts
import Foundation
import JSON
import Output
import RuleModel
import RulecheckEngine
import Rules
import SystemIO

/// `rulecheck eval --batch`: one state per input line (NDJSON), one decision per output line in
/// input order, each the `--format json` decision of that state written on one line. A line that
/// is not a usable state becomes `{"line": N, "path": …, "error": …}` and the run goes on.
/// Lines are read and decided in chunks (`jobs` at a time on every core), so memory stays
/// bounded however long the input is. Blank lines are skipped.
struct BatchEvaluation {
    /// The checked rules; every worker decides with its own copy of them.
    let rules: RuleSet
    let locale: String?
    let now: Moment?
    let badEvents: BadEvents
    let jobs: Int

    /// Reads `input` to its end, writing to standard output; returns how many lines were read
    /// and how many failed. Progress goes to stderr when it is a terminal. A failed write ends
    /// the run (exit status 2). Lines go through a `LinePipeline`, so at most two chunks of
    /// lines are in memory at once.
    func run(input: FileHandle) throws(ExitCode) -> (lines: Int, failed: Int) {
        var failed = 0
        let showsProgress = isatty(STDERR_FILENO) == 1
        let copies = WorkerRuleCopies(rules, workers: jobs)
        let (locale, now, badEvents) = (locale, now, badEvents)
        let lines = try LinePipeline<(bytes: [UInt8], failed: Bool)>(jobs: jobs).run(input: input, worker: { index in
            let decider = LineDecider(rules: copies.rules(forWorker: index), locale: locale, now: now, badEvents: badEvents)
            return { bytes, line in decider.decide(bytes, line: line) }
        }, consume: { (results, lineNumber) throws(ExitCode) in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(results.reduce(0) { $0 + $1.result.bytes.count })
            for entry in results {
                bytes += entry.result.bytes
                if entry.result.failed { failed += 1 }
            }
            try StandardStream.output.write(bytes: bytes)
            if showsProgress { try StandardStream.error.write("\rrulecheck: \(lineNumber) lines, \(failed) failed") }
        })
        if showsProgress { try StandardStream.error.write("\n") }
        return (lines, failed)
    }
}

/// What one worker decides lines with: the rules' replay planned once and the JSON decision of
/// `--locale`.
private struct LineDecider: Sendable {
    let decisions: StateDecisionJSON
    let now: Moment?
    let badEvents: BadEvents

    init(rules: RuleSet, locale: String?, now: Moment?, badEvents: BadEvents) {
        decisions = StateDecisionJSON(rules: rules, locale: locale)
        self.now = now
        self.badEvents = badEvents
    }

    /// One line's output line (UTF-8, newline included).
    func decide(_ bytes: [UInt8], line: Int) -> (bytes: [UInt8], failed: Bool) {
        do {
            let state = try StateFile.parse(json: bytes, file: "line \(line)", badEvents: badEvents)
            return (try decisions.line(state, now: now), false)
        } catch {
            var fields: [(key: String, value: JSONValue)] = [("line", .int(Int64(line)))]
            if !error.path.components.isEmpty { fields.append(("path", .string(error.path.description))) }
            fields.append(("error", .string(error.message)))
            return (Array((JSONWriter.write(.object(JSONObject(fields)), layout: .compact) + "\n").utf8), true)
        }
    }
}
