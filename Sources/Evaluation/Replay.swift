import CEL
import Rules

/// Event-time replay (SPEC 5): walks the checkpoints in time order and unlocks every achievement
/// and milestone at the first checkpoint where its criterion, `requires` and `available` hold.
///
/// Only locked awards are judged, and an award's condition (and each metric) is evaluated again
/// only at checkpoints where something it reads can have changed: conditions over events, levels
/// and counters move at event checkpoints, those over `now`, `days`, `today` or `streaks` at every
/// checkpoint, those over `achievements` when something unlocks. The result is the same as
/// evaluating everything at every checkpoint.
public struct Replay: Sendable {
    public let rules: RuleSet
    /// Every achievement and milestone in output order.
    public let awards: [AwardRule]
    public let costLimit: Int
    /// What each metric reads, through the metrics it uses.
    let metricChannels: [String: FactChannels]
    let metricIndex: [String: Int]

    public init(rules: RuleSet, costLimit: Int = 10_000_000) {
        self.rules = rules
        self.costLimit = costLimit
        awards = AwardRule.awards(of: rules)
        var index: [String: Int] = [:]
        var channels: [String: FactChannels] = [:]
        for (position, metric) in rules.metrics.enumerated() {
            index[metric.id] = position
            let inputs = ExpressionInputs(metric.expression.program)
            var own = FactChannels(reading: inputs.variables)
            if inputs.readsEveryMetric {
                own = .all
            } else {
                for used in inputs.metrics { own.formUnion(channels[used] ?? []) }
            }
            channels[metric.id] = own
        }
        metricChannels = channels
        metricIndex = index
    }

    /// Replays the user's facts and decides.
    public func run(_ facts: some ReplayFacts) -> ReplayOutcome {
        var run = ReplayRun(replay: self, facts: facts)
        run.walk()
        return decide(facts, unlocks: run.unlocks, checkpoints: run.checkpoints, costLimited: run.costLimited)
    }

    /// The channels an expression reads, metrics resolved to what they read.
    func channels(of inputs: ExpressionInputs) -> FactChannels {
        if inputs.readsEveryMetric { return .all }
        var channels = FactChannels(reading: inputs.variables)
        for metric in inputs.metrics { channels.formUnion(metricChannels[metric] ?? []) }
        return channels
    }
}
