import Evaluation
import Facts
import Foundation
import RuleModel
import RulecheckEngine
import SystemIO

/// `diff --states`: reads NDJSON states as `eval --batch` does (a `LinePipeline` on `jobs`
/// cores, memory bounded by the chunk, not the input) and adds up each state's comparison.
package struct DiffEffectsRun: Sendable {
    package let old: RuleSet
    package let new: RuleSet
    package let now: Moment?
    package let jobs: Int
    package let badEvents: BadEvents

    package init(old: RuleSet, new: RuleSet, now: Moment?, jobs: Int, badEvents: BadEvents = .reject) {
        self.old = old
        self.new = new
        self.now = now
        self.badEvents = badEvents
        self.jobs = max(1, jobs)
    }

    /// Reads `input` to its end.
    package func run(input: FileHandle) -> DiffEffects {
        run(input: input) { (_, _) throws(Never) in }
    }

    /// Reads `input` to its end. `progress` is called after each chunk with the lines read so
    /// far and the effects until then; an error it throws ends the run.
    package func run<Failure: Error>(
        input: FileHandle, progress: (Int, DiffEffects) throws(Failure) -> Void
    ) throws(Failure) -> DiffEffects {
        let oldCopies = WorkerRuleCopies(old, workers: jobs), newCopies = WorkerRuleCopies(new, workers: jobs)
        let now = now
        let badEvents = badEvents
        var effects = DiffEffects()
        _ = try LinePipeline<(comparison: StateComparison, sample: DiffSample)?>(jobs: jobs).run(input: input, worker: { index in
            let differ = StateDiffer(old: oldCopies.rules(forWorker: index), new: newCopies.rules(forWorker: index), now: now,
                                    badEvents: badEvents)
            return { bytes, line in differ.compare(bytes, line: line) }
        }, consume: { (results, lines) throws(Failure) in
            for entry in results {
                if let (comparison, sample) = entry.result {
                    effects.add(comparison, sample: sample)
                } else {
                    effects.addError(line: entry.line)
                }
            }
            try progress(lines, effects)
        })
        return effects
    }
}
