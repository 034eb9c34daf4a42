import Evaluation
import Facts
import RuleModel

/// Decides one state under both versions of a rule set at the same moment and compares the two
/// decisions: what each worker of a `diff --states` run holds (both replays planned once).
package struct StateDiffer: Sendable {
    let old: StateDecider
    let new: StateDecider
    let oldRanks: [String: Int]
    let newRanks: [String: Int]
    /// `--now`, parsed; `nil`: each state's own `now`, else the clock (read once per state).
    let now: Moment?
    /// What an event that cannot be read does to its state.
    let badEvents: BadEvents

    package init(old: RuleSet, new: RuleSet, now: Moment?, badEvents: BadEvents = .reject) {
        self.old = StateDecider(rules: old)
        self.new = StateDecider(rules: new)
        oldRanks = Dictionary(old.ranks.map { ($0.id, $0.minPoints) }, uniquingKeysWith: { first, _ in first })
        newRanks = Dictionary(new.ranks.map { ($0.id, $0.minPoints) }, uniquingKeysWith: { first, _ in first })
        self.now = now
        self.badEvents = badEvents
    }

    /// One line's outcome: the comparison and the state's sample id, or nil when the line cannot
    /// be read or decided under either version.
    package func compare(_ bytes: [UInt8], line: Int) -> (comparison: StateComparison, sample: DiffSample)? {
        do {
            let state = try StateFile.parse(json: bytes, file: "line \(line)", badEvents: badEvents)
            let moment = UserEvaluation.moment(now, fallback: state.now)
            let before = try old.decide(state, now: moment)
            let after = try new.decide(state, now: moment)
            let comparison = StateComparison(old: before, new: after, stored: Set(state.unlocked.map(\.id)),
                                             oldRanks: oldRanks, newRanks: newRanks)
            return (comparison, DiffSample(userID: state.userID, line: line))
        } catch {
            return nil
        }
    }
}
