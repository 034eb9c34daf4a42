import Facts
import CEL
import RuleModel

/// The CEL bindings of the current checkpoint, built on demand and kept while what they depend
/// on stands still: fact variables come from `ReplayFacts`, folds from their tables, `metrics` are
/// evaluated in dependency order and shared by every rule, `achievements` reflects the unlocks.
struct FactBindings<Facts: ReplayFacts> {
    let replay: Replay
    var facts: Facts
    var folds: EventFoldValues
    private var dayFolds: DayFoldValues
    /// Metrics first (by position), then one slot per award with a condition.
    var slots: [ExpressionSlot]
    private(set) var moment: FactMoment
    private(set) var stamp = ChannelStamp()
    private var epochCursors: [Int]
    private var variables: [FactVariable: CELValue] = [:]
    private var metricValues: [(stamp: ChannelStamp, value: CELValue)?]
    /// Bumped whenever a metric is evaluated again, so records of metrics can be shared.
    private var metricVersions: [Int]
    /// Per slot: its `metrics` record and the metric versions it was built from.
    private var metricsRecords: [(versions: [Int], value: CELValue)?]
    private var achievementsValues: [[Int]?: (stamp: ChannelStamp, value: CELValue)] = [:]
    /// Per slot evaluated through `evaluateKept`: the key, value and steps of its last evaluation.
    private var keptValues: [Int: (key: ChannelStamp, value: CELValue, steps: Int)] = [:]
    /// Per award: the instant it is unlocked from (stored or new), kept by the replay.
    var unlockedSince: [CELTimestamp?]
    /// Steps every evaluation of this replay took so far, and how many they may take.
    var stepsUsed = 0
    var stepBudget: Int
    /// Whether the replay's step budget is spent: nothing more is evaluated.
    var budgetSpent: Bool { stepsUsed >= stepBudget }

    init(replay: Replay, facts: Facts, moment: FactMoment, stepBudget: Int) {
        self.replay = replay
        self.stepBudget = stepBudget
        self.facts = facts
        self.moment = moment
        var facts = facts
        let all = FactMoment(moment: facts.now, eventCount: facts.events.count)
        let events: [CELValue] = if case .list(let list) = facts.variable(.events, at: all) { list.array } else { [] }
        let folds = EventFoldValues(folds: replay.folds, events: events, costLimit: replay.costLimit)
        self.folds = folds
        dayFolds = DayFoldValues(folds: replay.dayFolds, costLimit: replay.costLimit)
        let pointsByFold = replay.folds.indices.map { folds.changePoints(of: $0, total: events.count) }
        func changePoints(_ set: Set<Int>) -> [Int] {
            if set.count == 1, let only = set.first { return pointsByFold[only] }
            var merged: [Int] = []
            for k in set { merged += pointsByFold[k] }
            merged.sort()
            var unique: [Int] = []
            unique.reserveCapacity(merged.count)
            for point in merged where unique.last != point { unique.append(point) }
            return unique
        }
        let awardIndex = Dictionary(replay.plans.enumerated().map { ($1.rule.id, $0) }, uniquingKeysWith: { first, _ in first })
        func slot(_ plan: PlannedExpression, before limit: Int) -> ExpressionSlot {
            let metrics = replay.metricsRead(by: plan.inputs, before: limit)
            let positions = metrics.compactMap { replay.metricIndex[$0] }
            var scope: [Int]?
            let viaMetrics = metrics.contains { replay.metricChannels[$0]?.contains(.achievements) ?? true }
            if !plan.inputs.readsEveryAchievement, !viaMetrics {
                scope = plan.inputs.achievements.compactMap { awardIndex[$0] }.sorted()
            }
            let variables = plan.inputs.variables.sorted { $0.rawValue < $1.rawValue }
            return ExpressionSlot(plan: plan, channels: replay.channels(of: plan, before: limit),
                                  changePoints: changePoints(replay.folds(of: plan, before: limit)),
                                  metricPositions: positions, achievementScope: scope, variables: variables,
                                  bindingShape: CELRecordShape(fields: variables.map(\.rawValue)
                                      + plan.folds.map { replay.folds[$0].variable }
                                      + plan.dayFolds.map { replay.dayFolds[$0].variable }),
                                  metricsShape: CELRecordShape(fields: positions.map { replay.rules.metrics[$0].id }))
        }
        var slots: [ExpressionSlot] = []
        for (position, plan) in replay.metricPlans.enumerated() { slots.append(slot(plan, before: position)) }
        let metricPlans = Dictionary(zip(replay.rules.metrics.map(\.id), replay.metricPlans), uniquingKeysWith: { first, _ in first })
        for award in replay.plans {
            guard let plan = award.condition else { continue }
            var conditionSlot = slot(plan, before: .max)
            if let threshold = CountThreshold(plan, folds: replay.folds, metricPlans: metricPlans) {
                conditionSlot.changePoints = threshold.changePoints(folds, foldPoints: pointsByFold[threshold.fold])
            } else if let leading = CountThreshold.leadingConjunct(of: plan, folds: replay.folds, metricPlans: metricPlans) {
                // False until the leading threshold's first change point; from there on, as usual.
                let from = leading.changePoints(folds, foldPoints: pointsByFold[leading.fold]).first ?? Int.max
                conditionSlot.changePoints.removeAll { $0 < from }
            }
            slots.append(conditionSlot)
        }
        self.slots = slots
        metricVersions = Array(repeating: 0, count: replay.metricPlans.count)
        unlockedSince = Array(repeating: nil, count: replay.plans.count)
        epochCursors = Array(repeating: 0, count: slots.count)
        metricsRecords = Array(repeating: nil, count: slots.count)
        metricValues = Array(repeating: nil, count: replay.metricPlans.count)
    }

    /// Moves to the next checkpoint (later than the current one).
    mutating func advance(to moment: FactMoment, stamp: ChannelStamp) {
        if stamp.clock != self.stamp.clock || moment != self.moment { variables.removeAll(keepingCapacity: true) }
        self.moment = moment
        self.stamp = stamp
    }

    /// Adds a slot for an expression the walk does not judge (a progress figure), evaluated on
    /// demand; returns its index.
    mutating func addSlot(_ slot: ExpressionSlot) -> Int {
        slots.append(slot)
        epochCursors.append(0)
        metricsRecords.append(nil)
        return slots.count - 1
    }

    /// Forgets the fact variables held for the current checkpoint (before the facts grow: held
    /// values would make the timeline's arrays copy).
    mutating func forgetVariables() {
        variables.removeAll()
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
            if let scope = slots[slot].achievementScope {
                // Only the awards it names matter: how many of them are unlocked now.
                key.newUnlocks = scope.reduce(0) { $0 + (unlockedSince[$1].map { $0 <= moment.instant } == true ? 1 : 0) }
            } else {
                key.storedUnlocks = stamp.storedUnlocks
                key.newUnlocks = stamp.newUnlocks
            }
        }
        return key
    }

    /// For a slot that reads only folds: the event count from which its value can differ from
    /// the one at its last `key`. 0 (no promise) for a slot that reads anything else.
    /// (`mutating` only so the bindings are passed in place: a non-mutating call copied them.)
    mutating func quietUntil(_ slot: Int) -> Int {
        guard slots[slot].channels.isEmpty else { return 0 }
        let points = slots[slot].changePoints
        let cursor = epochCursors[slot]
        return cursor < points.count ? points[cursor] : Int.max
    }

    mutating func variable(_ variable: FactVariable) -> CELValue {
        if let value = variables[variable] { return value }
        let value = facts.variable(variable, at: moment)
        variables[variable] = value
        return value
    }

    /// Evaluates slot's expression now.
    mutating func evaluate(_ slot: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        // The slot's parts are read where they are: copying a whole slot out costs a retain and
        // release of every array, set and closure in it.
        var values: [CELValue] = []
        values.reserveCapacity(slots[slot].bindingShape.fieldCount)
        for variable in slots[slot].variables {
            switch variable {
            case .metrics:
                values.append(metricsRecord(for: slot, unlocks: unlocks))
            case .achievements:
                values.append(achievements(unlocks, scope: slots[slot].achievementScope))
            default:
                values.append(self.variable(variable))
            }
        }
        for fold in slots[slot].plan.folds {
            values.append(folds.value(fold, events: moment.eventCount))
        }
        var folded = true
        if !slots[slot].plan.dayFolds.isEmpty {
            let days: CELList = if case .list(let list) = variable(.days) { list } else { CELList([]) }
            for fold in slots[slot].plan.dayFolds {
                let value = dayFolds.value(fold, days: days, facts: &facts, at: moment, steps: &stepsUsed)
                folded = folded && value != nil
                values.append(value ?? .null)
            }
        }
        // Each evaluation may take what is left of the budget, up to the per-expression limit.
        let limit = Swift.min(replay.costLimit, stepBudget - stepsUsed)
        guard limit > 0 else { return .error(CELError(.costLimitExceeded, "the replay's step budget is spent")) }
        let activation = CELActivation(shape: slots[slot].bindingShape, values: values)
        if !folded, let fallback = slots[slot].plan.fallback {
            return fallback.evaluate(activation, costLimit: limit, steps: &stepsUsed)
        }
        return slots[slot].plan.program.evaluate(activation, costLimit: limit, steps: &stepsUsed)
    }

    /// Evaluates slot now, or gives the value of its last evaluation through here when what it
    /// reads has not moved since (an equal `key`): the steps it took then are counted again, so
    /// the budget runs as if it were evaluated. Errors are not kept (a cost or budget error
    /// depends on what is left of the budget).
    mutating func evaluateKept(_ slot: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let key = key(slot)
        if let kept = keptValues[slot], kept.key == key,
           kept.steps <= Swift.min(replay.costLimit, stepBudget - stepsUsed) {
            stepsUsed += kept.steps
            return kept.value
        }
        let before = stepsUsed
        let value = evaluate(slot, unlocks: unlocks)
        if case .error = value {
            keptValues[slot] = nil
        } else {
            keptValues[slot] = (key, value, stepsUsed - before)
        }
        return value
    }

    /// `metrics` holding the metrics slot's expression reads, rebuilt only when one of them was
    /// evaluated again.
    private mutating func metricsRecord(for slot: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let positions = slots[slot].metricPositions
        var values: [CELValue] = []
        values.reserveCapacity(positions.count)
        for position in positions { values.append(metricValue(position, unlocks: unlocks)) }
        let versions = positions.map { metricVersions[$0] }
        if let cached = metricsRecords[slot], cached.versions == versions { return cached.value }
        let value = CELValue.map(CELMap(shape: slots[slot].metricsShape, values: values))
        metricsRecords[slot] = (versions, value)
        return value
    }

    private mutating func metricValue(_ position: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let key = key(position)
        if let cached = metricValues[position], cached.stamp == key { return cached.value }
        // A metric reads only metrics before it (dependency order), so this cannot recurse forever.
        let value = evaluate(position, unlocks: unlocks)
        metricValues[position] = (key, value)
        metricVersions[position] += 1
        return value
    }

    /// `achievements` now — only the awards in `scope` when it is given — rebuilt only when the
    /// unlocks in effect changed.
    private mutating func achievements(_ unlocks: [String: UnlockDecision], scope: [Int]?) -> CELValue {
        var key = ChannelStamp()
        key.storedUnlocks = stamp.storedUnlocks
        key.newUnlocks = stamp.newUnlocks
        if let cached = achievementsValues[scope], cached.stamp == key { return cached.value }
        let value = replay.achievementsValue(unlocks, at: moment.instant, only: scope)
        achievementsValues[scope] = (key, value)
        return value
    }
}

extension FactBindings: Sendable where Facts: Sendable {}
