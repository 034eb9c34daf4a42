import CEL
import Rules

/// The CEL bindings of one moment, built on demand and kept while their channels stand still:
/// fact variables come from `ReplayFacts`, `metrics` are evaluated in dependency order and shared
/// by every rule, `achievements` reflects the unlocks in effect.
struct FactBindings<Facts: ReplayFacts> {
    let replay: Replay
    let facts: Facts
    private(set) var moment: FactMoment
    private(set) var stamp = ChannelStamp()
    private var variables: [FactVariable: CELValue] = [:]
    private var metricValues: [String: (stamp: ChannelStamp, value: CELValue)] = [:]
    private var achievementsValue: (stamp: ChannelStamp, value: CELValue)?

    init(replay: Replay, facts: Facts, moment: FactMoment) {
        self.replay = replay
        self.facts = facts
        self.moment = moment
    }

    /// Moves to the next checkpoint; fact variables of the clock are dropped, the rest kept by stamp.
    mutating func advance(to moment: FactMoment, stamp: ChannelStamp) {
        if stamp.clock != self.stamp.clock || moment != self.moment { variables.removeAll(keepingCapacity: true) }
        self.moment = moment
        self.stamp = stamp
    }

    /// Records that the unlocks in effect changed.
    mutating func unlocksChanged(stored: Int, new: Int) {
        stamp.storedUnlocks = stored
        stamp.newUnlocks = new
    }

    mutating func variable(_ variable: FactVariable) -> CELValue {
        if let value = variables[variable] { return value }
        let value = facts.variable(variable, at: moment)
        variables[variable] = value
        return value
    }

    /// The bindings an expression with these inputs needs; `unlocks` builds `achievements`.
    mutating func bindings(for inputs: ExpressionInputs, unlocks: [String: UnlockDecision],
                           before metricLimit: Int = .max) -> [String: CELValue] {
        var bindings: [String: CELValue] = [:]
        for variable in inputs.variables {
            switch variable {
            case .metrics:
                bindings[variable.rawValue] = metricsRecord(for: inputs, unlocks: unlocks, before: metricLimit)
            case .achievements:
                bindings[variable.rawValue] = achievements(unlocks)
            default:
                bindings[variable.rawValue] = self.variable(variable)
            }
        }
        return bindings
    }

    /// Every variable of SPEC 3 (except `event` and `day`), every metric included.
    mutating func allBindings(unlocks: [String: UnlockDecision]) -> [String: CELValue] {
        bindings(for: .everything, unlocks: unlocks)
    }

    /// `metrics` holding the metrics an expression reads (every metric defined before `limit`, in
    /// dependency order, when it reads them all).
    private mutating func metricsRecord(for inputs: ExpressionInputs, unlocks: [String: UnlockDecision],
                                        before limit: Int) -> CELValue {
        var entries: [(key: String, value: CELValue)] = []
        for (position, metric) in replay.rules.metrics.enumerated() where position < limit {
            guard inputs.readsEveryMetric || inputs.metrics.contains(metric.id) else { continue }
            entries.append((metric.id, metricValue(metric, position: position, unlocks: unlocks)))
        }
        return .map(CELMap(strings: entries))
    }

    private mutating func metricValue(_ metric: MetricRule, position: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let key = stamp.masked(by: replay.metricChannels[metric.id] ?? .all)
        if let cached = metricValues[metric.id], cached.stamp == key { return cached.value }
        let inputs = ExpressionInputs(metric.expression.program)
        // A metric reads only metrics before it (dependency order), so this cannot recurse forever.
        let bindings = self.bindings(for: inputs, unlocks: unlocks, before: position)
        let value = metric.expression.program.evaluate(CELActivation(bindings), costLimit: replay.costLimit)
        metricValues[metric.id] = (key, value)
        return value
    }

    /// `achievements`: every award with `unlocked` and, once unlocked, `unlocked_at`; a stored
    /// unlock counts from its `at`.
    private mutating func achievements(_ unlocks: [String: UnlockDecision]) -> CELValue {
        let key = stamp.masked(by: .achievements)
        if let cached = achievementsValue, cached.stamp == key { return cached.value }
        var entries: [(key: String, value: CELValue)] = []
        entries.reserveCapacity(replay.awards.count)
        for award in replay.awards {
            var record: [(key: String, value: CELValue)] = []
            if let unlock = unlocks[award.id], unlock.at.instant <= moment.instant {
                record = [("unlocked", .bool(true)), ("unlocked_at", .timestamp(unlock.at.instant))]
            } else {
                record = [("unlocked", .bool(false))]
            }
            entries.append((award.id, .map(CELMap(strings: record))))
        }
        let value = CELValue.map(CELMap(strings: entries))
        achievementsValue = (key, value)
        return value
    }
}
