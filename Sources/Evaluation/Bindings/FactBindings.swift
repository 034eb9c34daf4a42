import Facts
import CEL
import RuleModel

/// The CEL bindings of the current checkpoint, built on demand and kept while what they depend
/// on stands still: fact variables come from `ReplayFacts`, folds from their tables, `metrics` are
/// evaluated in dependency order and shared by every rule, `achievements` reflects the unlocks.
struct FactBindings<Facts> {
    let replay: Replay
    var facts: Facts
    var folds: EventFoldValues
    private var dayFolds: DayFoldValues
    /// Metrics first (by position), then one slot per award with a condition (`Replay.slots`, or
    /// `Replay.plainSlots` when `plain`), then the slots a session adds for progress read on
    /// demand (`addSlot`).
    var slots: [ExpressionSlot]
    /// Whether the slots are planned without daily folds: some daily table of this state is not
    /// exact (`DailyFoldTable.exact`).
    private(set) var plain: Bool
    /// Per slot: the ascending event counts at which one of its folds (through metrics too)
    /// changes value, those of its count threshold only when it has one; a session appends the
    /// counts its events add (`grow`).
    var changePoints: [[Int]]
    /// The appends to `changePoints` that copied a shared array (debug builds).
    var grownPoints = CopiedAppends()
    private(set) var moment: FactMoment
    private(set) var stamp = ChannelStamp()
    private var epochCursors: [Int]
    /// The fact variables read at the current checkpoint, by `position(of:)`.
    private var variables = [CELValue?](filling: nil, count: FactVariable.allCases.count)
    /// Whether any of `variables` is held: most checkpoints read none, and clearing them all
    /// at each one would be a release per variable.
    private var holdsVariables = false
    private var metricValues: [(stamp: ChannelStamp, value: CELValue)?]
    /// Bumped whenever a metric is evaluated again, so records of metrics can be shared.
    private var metricVersions: [Int]
    /// Per slot: its `metrics` record and the metric versions it was built from.
    private var metricsRecords: [(versions: [Int], value: CELValue)?]
    private var achievementsValues: [[Int]?: (stamp: ChannelStamp, value: CELValue)] = [:]
    /// Per slot evaluated through `evaluateKept`: the key, value and steps of its last evaluation.
    /// (By slot: a session asks for every award's progress at every step.)
    private var keptValues: [(key: ChannelStamp, value: CELValue, steps: Int)?] = []
    /// Per award: the instant it is unlocked from (stored or new), kept by the replay.
    var unlockedSince: [CELTimestamp?]
    /// Steps every evaluation of this replay took so far, and how many they may take.
    var stepsUsed = 0
    var stepBudget: Int
    /// Whether the replay's step budget is spent: nothing more is evaluated.
    var budgetSpent: Bool { stepsUsed >= stepBudget }
}

// The code needs `Facts: ReplayFacts`, the type itself does not: a type whose declaration
// requires a conformance has it checked when the type is made at run time, a scan of every
// conformance in the program the first time.
extension FactBindings where Facts: ReplayFacts {
    init(replay: Replay, facts: Facts, moment: FactMoment, stepBudget: Int) {
        self.replay = replay
        self.stepBudget = stepBudget
        self.facts = facts
        self.moment = moment
        // Asked through the stored facts: a local copy of them would retain every array they hold.
        let all = FactMoment(moment: self.facts.now, eventCount: self.facts.events.count)
        let events: [CELValue] = if case .list(let list) = self.facts.variable(.events, at: all) { list.array } else { [] }
        let hasDaily = replay.folds.contains { if case .daily = $0.shape { true } else { false } }
        let folds = EventFoldValues(folds: replay.folds, events: events, eventDays: hasDaily ? self.facts.onTimeDays : [],
                                    costLimit: replay.costLimit)
        self.folds = folds
        dayFolds = DayFoldValues(folds: replay.dayFolds, costLimit: replay.costLimit)
        let pointsByFold = replay.folds.indices.map { folds.changePoints(of: $0, total: events.count) }
        plain = !folds.dailyFoldsExact
        slots = plain ? replay.plainSlots : replay.slots
        changePoints = Self.changePoints(of: slots, folds: folds, pointsByFold: pointsByFold)
        metricVersions = Array(filling: 0, count: replay.metricPlans.count)
        unlockedSince = Array(filling: nil, count: replay.plans.count)
        epochCursors = Array(filling: 0, count: slots.count)
        metricsRecords = Array(filling: nil, count: slots.count)
        metricValues = Array(filling: nil, count: replay.metricPlans.count)
    }

    /// The event counts at which each slot's value can change in this state.
    private static func changePoints(of slots: [ExpressionSlot], folds: EventFoldValues, pointsByFold: [[Int]]) -> [[Int]] {
        // By index, passing the two fields read: `map` would copy each slot (a retain per field).
        slots.indices.map {
            changePoints(threshold: slots[$0].threshold, folds: slots[$0].folds, of: folds, pointsByFold: pointsByFold)
        }
    }

    /// The event counts at which a slot's value can change in this state.
    private static func changePoints(threshold: ExpressionSlot.Threshold?, folds slotFolds: [Int], of folds: EventFoldValues,
                                     pointsByFold: [[Int]]) -> [Int] {
        switch threshold {
        case .whole(let threshold):
            return threshold.changePoints(folds, foldPoints: merged(threshold.folds, pointsByFold))
        case .leading(let leading, let restReadsFolds):
            // False until the leading threshold's first change point; from there on, as usual, or,
            // when nothing else reads a fold, only where the threshold itself changes.
            let points = leading.changePoints(folds, foldPoints: merged(leading.folds, pointsByFold))
            guard restReadsFolds else { return points }
            let from = points.first ?? Int.max
            return merged(slotFolds, pointsByFold).filter { $0 >= from }
        case nil:
            return merged(slotFolds, pointsByFold)
        }
    }

    /// The change points of several folds, merged.
    private static func merged(_ set: [Int], _ pointsByFold: [[Int]]) -> [Int] {
        guard let first = set.first else { return [] }
        // Each fold's points ascend already: merged a list at a time, with no sort.
        var merged = pointsByFold[first]
        for k in set.dropFirst() { merged = union(merged, pointsByFold[k]) }
        return merged
    }

    /// Two ascending lists as one ascending list, each point once.
    private static func union(_ a: [Int], _ b: [Int]) -> [Int] {
        var union: [Int] = []
        union.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            let next: Int
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if union.last != next { union.append(next) }
        }
        return union
    }

    /// Moves to the next checkpoint (later than the current one).
    mutating func advance(to moment: FactMoment, stamp: ChannelStamp) {
        if stamp.clock != self.stamp.clock || moment != self.moment { forgetVariables() }
        self.moment = moment
        self.stamp = stamp
    }

    /// Adds a slot for an expression the walk does not judge (a progress figure), evaluated on
    /// demand; returns its index.
    mutating func addSlot(_ slot: ExpressionSlot) -> Int {
        // Its change points: where any fold it reads changes, so `key` follows them.
        let total = facts.events.count
        var pointsByFold = [[Int]](filling: [], count: replay.folds.count)
        for fold in slot.folds { pointsByFold[fold] = folds.changePoints(of: fold, total: total) }
        slots.append(slot)
        changePoints.append(Self.merged(slot.folds, pointsByFold))
        epochCursors.append(0)
        metricsRecords.append(nil)
        return slots.count - 1
    }

    /// Goes over to the slots without daily folds (a session's event made a daily table inexact):
    /// the slots added on demand are planned again, every change point is taken again from the
    /// tables, and nothing evaluated so far is kept. Values already judged stand: up to here
    /// the daily tables were exact, so both plans gave the same.
    mutating func usePlainSlots() {
        guard !plain else { return }
        plain = true
        let onDemand = slots[replay.slots.count...].map { onDemandSlot($0.plan) }
        slots = replay.plainSlots + onDemand
        let total = facts.events.count
        let pointsByFold = replay.folds.indices.map { folds.changePoints(of: $0, total: total) }
        changePoints = Self.changePoints(of: slots, folds: folds, pointsByFold: pointsByFold)
        epochCursors = Array(filling: 0, count: slots.count)
        metricsRecords = Array(filling: nil, count: slots.count)
        metricValues = Array(filling: nil, count: replay.metricPlans.count)
        keptValues = []
        forgetVariables()
    }

    /// Forgets the fact variables held for the current checkpoint (before the facts grow: held
    /// values would make the timeline's arrays copy).
    mutating func forgetVariables() {
        guard holdsVariables else { return }
        for position in variables.indices { variables[position] = nil }
        holdsVariables = false
    }

    /// Records that the unlocks in effect changed.
    mutating func unlocksChanged(stored: Int, new: Int) {
        stamp.storedUnlocks = stored
        stamp.newUnlocks = new
    }

    /// The stamp of what slot reads, now.
    mutating func key(_ slot: Int) -> ChannelStamp {
        let channels = slots[slot].channels
        var key = stamp.projected(onto: channels)
        if !channels.contains(.events) {
            let points = changePoints[slot]
            var cursor = epochCursors[slot]
            while cursor < points.count, points[cursor] <= stamp.events { cursor += 1 }
            epochCursors[slot] = cursor
            key.foldEpoch = cursor
        }
        if channels.contains(.streaks) {
            key.streaks = facts.streaksStamp(slots[slot].streakScope, at: moment) ?? stamp.clock
        }
        if channels.contains(.days) { key.days = facts.daysStamp(at: moment) ?? stamp.clock }
        if channels.contains(.achievements), let scope = slots[slot].achievementScope {
            // Only the awards it names matter: how many of them are unlocked now.
            key.storedUnlocks = 0
            key.newUnlocks = scope.reduce(0) { $0 + (unlockedSince[$1].map { $0 <= moment.instant } == true ? 1 : 0) }
        }
        return key
    }

    /// For a slot that reads only folds: the event count from which its value can differ from
    /// the one at its last `key`; for one that reads folds and `achievements`, the same as long
    /// as no award unlocks (`untilUnlocks`). 0 (no promise) for a slot that reads anything else.
    /// (`mutating` only so the bindings are passed in place: a non-mutating call copied them.)
    mutating func quietUntil(_ slot: Int) -> (events: Int, untilUnlocks: Bool) {
        let channels = slots[slot].channels
        // `achievements` is in the key only as the number of unlocks in effect (of the awards
        // it names, or all): it changes only with an unlock.
        let untilUnlocks = channels == [.achievements]
        guard channels.isEmpty || untilUnlocks else { return (0, false) }
        let points = changePoints[slot]
        let cursor = epochCursors[slot]
        return (cursor < points.count ? points[cursor] : Int.max, untilUnlocks)
    }

    mutating func variable(_ variable: FactVariable) -> CELValue {
        let position = Self.position(of: variable)
        if let value = variables[position] { return value }
        let value = facts.variable(variable, at: moment)
        variables[position] = value
        holdsVariables = true
        return value
    }

    /// Where a variable's value sits in `variables`: a switch, not a hash of its name.
    private static func position(of variable: FactVariable) -> Int {
        switch variable {
        case .now: 0
        case .user: 1
        case .events: 2
        case .days: 3
        case .today: 4
        case .metrics: 5
        case .streaks: 6
        case .achievements: 7
        case .levels: 8
        case .catalogs: 9
        case .counters: 10
        }
    }

    /// Evaluates slot's expression now.
    mutating func evaluate(_ slot: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        if let position = slots[slot].metricRead, stepBudget > stepsUsed {
            return metricValue(position, unlocks: unlocks)
        }
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
        // Steps are counted in a local: an inout access to `stepsUsed` would make the program
        // read out of `slots` a copy instead of a borrow.
        var steps = stepsUsed
        defer { stepsUsed = steps }
        if !folded, let fallback = slots[slot].plan.fallback {
            return fallback.evaluate(activation, costLimit: limit, steps: &steps)
        }
        return slots[slot].plan.program.evaluate(activation, costLimit: limit, steps: &steps)
    }

    /// Evaluates slot now, or gives the value of its last evaluation through here when what it
    /// reads has not moved since (an equal `key`): the steps it took then are counted again, so
    /// the budget runs as if it were evaluated. Errors are not kept (a cost or budget error
    /// depends on what is left of the budget).
    mutating func evaluateKept(_ slot: Int, unlocks: [String: UnlockDecision]) -> CELValue {
        let key = key(slot)
        if slot < keptValues.count, let kept = keptValues[slot], kept.key == key,
           kept.steps <= Swift.min(replay.costLimit, stepBudget - stepsUsed) {
            stepsUsed += kept.steps
            return kept.value
        }
        let before = stepsUsed
        let value = evaluate(slot, unlocks: unlocks)
        if keptValues.count <= slot { keptValues += Array(filling: nil, count: slot + 1 - keptValues.count) }
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
        for position in positions { metricValue(position, unlocks: unlocks) }
        // Compared in place: building the versions (and values) first cost two arrays a call.
        if let cached = metricsRecords[slot], cached.versions.count == positions.count,
           positions.indices.allSatisfy({ cached.versions[$0] == metricVersions[positions[$0]] }) {
            return cached.value
        }
        let versions = positions.map { metricVersions[$0] }
        let values = positions.map { metricValues[$0]?.value ?? .null }
        let value = CELValue.map(CELMap(shape: slots[slot].metricsShape, values: values))
        metricsRecords[slot] = (versions, value)
        return value
    }

    @discardableResult
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
        let key = stamp.projected(onto: .achievements)
        if let cached = achievementsValues[scope], cached.stamp == key { return cached.value }
        let value = replay.achievementsValue(unlocks, at: moment.instant, only: scope)
        achievementsValues[scope] = (key, value)
        return value
    }
}

extension FactBindings: Sendable where Facts: Sendable {}
