import Facts
import CEL
import Rules

/// The CEL bindings of the current checkpoint, built on demand and kept while what they depend
/// on stands still: fact variables come from `ReplayFacts`, folds from their tables, `metrics` are
/// evaluated in dependency order and shared by every rule, `achievements` reflects the unlocks.
struct FactBindings<Facts: ReplayFacts> {
    let replay: Replay
    var facts: Facts
    let folds: EventFoldValues
    /// Metrics first (by position), then one slot per award with a condition.
    let slots: [ExpressionSlot]
    private(set) var moment: FactMoment
    private(set) var stamp = ChannelStamp()
    private var epochCursors: [Int]
    private var variables: [FactVariable: CELValue] = [:]
    private var metricValues: [(stamp: ChannelStamp, value: CELValue)?]
    private var achievementsValue: (stamp: ChannelStamp, value: CELValue)?

    init(replay: Replay, facts: Facts, moment: FactMoment) {
        self.replay = replay
        self.facts = facts
        self.moment = moment
        var facts = facts
        let all = FactMoment(moment: facts.now, eventCount: facts.events.count)
        let events: [CELValue] = if case .list(let list) = facts.variable(.events, at: all) { list.array } else { [] }
        let folds = EventFoldValues(folds: replay.folds, events: events, costLimit: replay.costLimit)
        self.folds = folds
        var pointsByFold: [Int: [Int]] = [:]
        func changePoints(_ set: Set<Int>) -> [Int] {
            var merged: Set<Int> = []
            for k in set {
                if pointsByFold[k] == nil { pointsByFold[k] = folds.changePoints(of: [k], total: events.count) }
                merged.formUnion(pointsByFold[k] ?? [])
            }
            return merged.sorted()
        }
        var slots: [ExpressionSlot] = []
        for (position, plan) in replay.metricPlans.enumerated() {
            slots.append(ExpressionSlot(plan: plan, channels: replay.channels(of: plan, before: position),
                                        changePoints: changePoints(replay.folds(of: plan, before: position)),
                                        metricLimit: position))
        }
        for plan in replay.conditionPlans {
            guard let plan else { continue }
            slots.append(ExpressionSlot(plan: plan, channels: replay.channels(of: plan),
                                        changePoints: changePoints(replay.folds(of: plan)), metricLimit: .max))
        }
        self.slots = slots
        epochCursors = Array(repeating: 0, count: slots.count)
        metricValues = Array(repeating: nil, count: replay.metricPlans.count)
    }

    /// Moves to the next checkpoint (later than the current one).
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

    /// The stamp of what slot reads, now.
    mutating func key(_ slot: Int) -> ChannelStamp {
        let channels = slots[slot].channels
        var key = ChannelStamp()
        if channels.contains(.events) {
            key.events = stamp.events
        } else {
            let points = slots[slot].changePoints
            var cursor = epochCursors[slot]
            while cursor < points.count, points[cursor] <= stamp.events { cursor += 1 }
            epochCursors[slot] = cursor
            key.foldEpoch = cursor
        }
        if channels.contains(.levels) { key.levels = stamp.levels }
        if channels.contains(.clock) { key.clock = stamp.clock }
        if channels.contains(.achievements) {
            key.storedUnlocks = stamp.storedUnlocks
            key.newUnlocks = stamp.newUnlocks
        }
        return key
    }

    mutating func variable(_ variable: FactVariable) -> CELValue {
        if let value = variables[variable] { return value }
        let value = facts.variable(variable, at: moment)
        variables[variable] = value
        return value
    }

    /// Evaluates slot's expression now.
    mutating func evaluate(_ slot: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let expression = slots[slot]
        var bindings: [String: CELValue] = [:]
        for variable in expression.plan.inputs.variables {
            switch variable {
            case .metrics:
                bindings[variable.rawValue] = metricsRecord(for: expression, unlocks: unlocks)
            case .achievements:
                bindings[variable.rawValue] = achievements(unlocks)
            default:
                bindings[variable.rawValue] = self.variable(variable)
            }
        }
        for fold in expression.plan.folds {
            bindings[replay.folds[fold].variable] = folds.value(fold, events: moment.eventCount)
        }
        return expression.plan.program.evaluate(CELActivation(bindings), costLimit: replay.costLimit)
    }

    /// `metrics` holding the metrics an expression reads.
    private mutating func metricsRecord(for expression: ExpressionSlot, unlocks: [String: UnlockDecision]) -> CELValue {
        var entries: [(key: String, value: CELValue)] = []
        for (position, metric) in replay.rules.metrics.enumerated() where position < expression.metricLimit {
            guard expression.plan.inputs.readsEveryMetric || expression.plan.inputs.metrics.contains(metric.id) else { continue }
            entries.append((metric.id, metricValue(position, unlocks: unlocks)))
        }
        return .map(CELMap(strings: entries))
    }

    private mutating func metricValue(_ position: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let key = key(position)
        if let cached = metricValues[position], cached.stamp == key { return cached.value }
        // A metric reads only metrics before it (dependency order), so this cannot recurse forever.
        let value = evaluate(position, unlocks: unlocks)
        metricValues[position] = (key, value)
        return value
    }

    /// `achievements` now, rebuilt only when the unlocks in effect changed.
    private mutating func achievements(_ unlocks: [String: UnlockDecision]) -> CELValue {
        var key = ChannelStamp()
        key.storedUnlocks = stamp.storedUnlocks
        key.newUnlocks = stamp.newUnlocks
        if let cached = achievementsValue, cached.stamp == key { return cached.value }
        let value = replay.achievementsValue(unlocks, at: moment.instant)
        achievementsValue = (key, value)
        return value
    }
}
