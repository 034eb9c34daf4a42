import RuleModel

/// One streak's bookkeeping (docs/rules.md, "streaks[]"): which days qualify, which freezes were spent or reserved,
/// and the run arithmetic. It knows nothing about CEL or events: the fact builder tells it which
/// days qualify and when a `freeze_used` arrives, so its rules are testable as plain data.
///
/// Asking for the state repeatedly is cheap: the walk over past days is cached and only extended
/// as today moves forward; a change to a day already walked (a late-arriving event of a
/// traveller, a freeze spent on a past day) drops the cache.
package struct StreakLedger: Sendable {
    package let id: String
    package let freezes: StreakRule.FreezePolicy?
    /// The first day the streak takes in (`backfill_days`), fixed for the state; `nil`: all history.
    package let cutOff: LocalDay?

    /// A `freeze_used` that was accepted for this streak.
    package struct FreezeUse: Sendable, Hashable {
        package enum State: Sendable, Hashable {
            /// Spent on a missed day.
            case spent
            /// Taken for a day not decided yet; returned if that day qualifies.
            case reserved
        }
        package var covered: LocalDay
        /// The day of the `freeze_used` event; its refill window pays.
        package var charged: LocalDay
        package var event: Int
        package var state: State
    }

    /// Qualifying days, ascending.
    private var qualifying: [Int] = []
    package private(set) var uses: [FreezeUse] = []
    /// Covered day → index in `uses`.
    private var useByDay: [Int: Int] = [:]
    private var walk: Walk?
    /// The last answer of `state(today:todayDecided:)` and what it was asked with; any change to
    /// the ledger drops it.
    private var lastState: (today: LocalDay, decided: Bool, state: StreakState)?

    /// The run arithmetic over days `first ..< next`, kept so later days only extend it.
    private struct Walk: Sendable {
        var first: Int
        var next: Int
        var run = 0
        var longest = 0
        var autoWindow = Int.min
        var autoUsed = 0
    }

    package init(id: String, freezes: StreakRule.FreezePolicy? = nil, cutOff: LocalDay? = nil) {
        self.id = id
        self.freezes = freezes
        self.cutOff = cutOff
    }

    /// The ledger of `rule` for a state whose backfill moment falls on `backfillDay`: with
    /// `backfill_days: N`, days before `backfillDay − (N − 1)` are ignored.
    package init(rule: StreakRule, backfillDay: LocalDay) {
        self.init(id: rule.id, freezes: rule.freezes,
                  cutOff: rule.backfillDays.map { backfillDay - (max(1, $0) - 1) })
    }

    /// Whether manual `freeze_used` events apply to this streak.
    package var takesManualFreezes: Bool { freezes?.mode == .manual }

    // MARK: inputs

    /// Whether `day` qualifies (for `counts` this only ever becomes true; a `day` predicate may
    /// change its mind while the day's facts change).
    package mutating func record(_ day: LocalDay, qualifies: Bool) {
        let (index, found) = position(of: day.number)
        guard found != qualifies else { return }
        if qualifies { qualifying.insert(day.number, at: index) } else { qualifying.remove(at: index) }
        invalidate(from: day)
    }

    package func qualifies(_ day: LocalDay) -> Bool { position(of: day.number).found }

    /// Whether some day after `day` qualifies already (an event placed ahead of today).
    package func qualifies(after day: LocalDay) -> Bool { qualifying.last.map { $0 > day.number } ?? false }

    /// A manual `freeze_used` covering `covered`, sent on day `eventDay` (today at the event;
    /// `todayDecided` when its kill moment has passed). Returns the warning when rejected.
    package mutating func useFreeze(covering covered: LocalDay, eventDay: LocalDay, event: Int,
                                   todayDecided: Bool) -> FactWarning? {
        guard let policy = freezes, policy.mode == .manual else {
            return FactWarning(.freezeUnavailable, "streak '\(id)' has no manual freezes", event: event)
        }
        let today = eventDay
        if let cutOff, covered < cutOff {
            return FactWarning(.freezeNotNeeded,
                               "streak '\(id)': \(covered) is before the backfill cut-off \(cutOff); nothing to protect", event: event)
        }
        guard let first = firstQualifying(today: today), covered > first else {
            return FactWarning(.freezeNotNeeded,
                               "streak '\(id)': \(covered) is not a missed day (nothing to protect before it)", event: event)
        }
        if useByDay[covered.number] != nil {
            return FactWarning(.freezeNotNeeded, "streak '\(id)': \(covered) is already covered by a freeze", event: event)
        }
        if qualifies(covered) {
            return FactWarning(.freezeNotNeeded, "streak '\(id)': \(covered) qualifies, no freeze needed", event: event)
        }
        let window = self.window(of: today, first: first, policy: policy)
        guard used(inWindow: window, first: first, policy: policy) < policy.max else {
            let refill = first + (window + 1) * policy.refillDays
            return FactWarning(.freezeUnavailable,
                               "streak '\(id)': no freeze left to cover \(covered) (next refill on \(refill))", event: event)
        }
        let decided = covered < today || (covered == today && todayDecided)
        useByDay[covered.number] = uses.count
        uses.append(FreezeUse(covered: covered, charged: eventDay, event: event, state: decided ? .spent : .reserved))
        invalidate(from: covered)
        return nil
    }

    /// Reservations returned because their day qualified (`freeze_not_needed`).
    package func releasedReservationWarnings() -> [FactWarning] {
        guard !uses.isEmpty else { return [] }
        return uses.filter { $0.state == .reserved && qualifies($0.covered) }.map {
            FactWarning(.freezeNotNeeded, "streak '\(id)': \($0.covered) qualified; the reserved freeze was returned",
                        event: $0.event)
        }
    }

    // MARK: state

    /// The streak as of a moment whose local day is `today`; `todayDecided` when today's kill
    /// moment has passed (today is then missed unless it qualifies).
    package mutating func state(today: LocalDay, todayDecided: Bool) -> StreakState {
        if let lastState, lastState.today == today, lastState.decided == todayDecided { return lastState.state }
        let state = computeState(today: today, todayDecided: todayDecided)
        lastState = (today, todayDecided, state)
        return state
    }

    private mutating func computeState(today: LocalDay, todayDecided: Bool) -> StreakState {
        guard let first = firstQualifying(today: today) else {
            return StreakState(status: .none, freezesAvailable: freezes?.max ?? 0)
        }
        var walk = self.walk.flatMap { $0.first == first.number && $0.next <= today.number ? $0 : nil }
            ?? Walk(first: first.number, next: first.number)
        while walk.next < today.number {
            step(&walk, day: LocalDay(number: walk.next))
            walk.next += 1
        }
        self.walk = walk

        var run = walk.run
        var status: StreakState.Status
        var autoUsed = walk.autoUsed
        var autoWindow = walk.autoWindow
        if qualifies(today) {
            run += 1
            status = .active
        } else if todayDecided {
            if coversByFreeze(today, first: first, autoWindow: &autoWindow, autoUsed: &autoUsed) {
                status = .frozen
            } else {
                run = 0
                status = .broken
            }
        } else {
            status = run > 0 ? .atRisk : .broken
        }
        var available = 0
        if let policy = freezes {
            let window = self.window(of: today, first: first, policy: policy)
            switch policy.mode {
            case .manual: available = policy.max - used(inWindow: window, first: first, policy: policy)
            case .auto: available = policy.max - (autoWindow == window ? autoUsed : 0)
            }
            available = max(0, available)
        }
        let lower = position(of: first.number).index
        let upper = position(of: today.number + 1).index
        return StreakState(current: run, longest: max(walk.longest, run), totalDays: upper - lower, status: status,
                           freezesAvailable: available,
                           lastDay: upper > lower ? LocalDay(number: qualifying[upper - 1]) : nil)
    }

    /// The state computed from nothing but the recorded facts (no cache), for cross-checks.
    package func stateWithoutCache(today: LocalDay, todayDecided: Bool) -> StreakState {
        var copy = self
        copy.walk = nil
        return copy.computeState(today: today, todayDecided: todayDecided)
    }

    /// Each day from the first qualifying day (from the cut-off on) to `today`, walked as
    /// `state(today:todayDecided:)` walks them: qualifying, covered by a freeze, missed, or (today,
    /// not qualifying and not decided) pending. `nil` when no day qualified yet.
    package func calendar(today: LocalDay, todayDecided: Bool) -> (first: LocalDay, days: [StreakDayStatus])? {
        guard let first = firstQualifying(today: today) else { return nil }
        var autoWindow = Int.min, autoUsed = 0
        var days: [StreakDayStatus] = []
        days.reserveCapacity(today.number - first.number + 1)
        for number in first.number...today.number {
            let day = LocalDay(number: number)
            if qualifies(day) {
                days.append(.qualifying)
            } else if day == today && !todayDecided {
                days.append(.pending)
            } else if coversByFreeze(day, first: first, autoWindow: &autoWindow, autoUsed: &autoUsed) {
                days.append(.frozen)
            } else {
                days.append(.missed)
            }
        }
        return (first, days)
    }

    // MARK: run arithmetic

    private mutating func step(_ walk: inout Walk, day: LocalDay) {
        if qualifies(day) {
            walk.run += 1
            walk.longest = max(walk.longest, walk.run)
        } else if !coversByFreeze(day, first: LocalDay(number: walk.first), autoWindow: &walk.autoWindow,
                                  autoUsed: &walk.autoUsed) {
            walk.run = 0
        }
    }

    /// Whether a missed `day` is covered: by a manual freeze spent or reserved for it, or, in
    /// auto mode, by a freeze of the day's own window while one is left.
    private func coversByFreeze(_ day: LocalDay, first: LocalDay, autoWindow: inout Int, autoUsed: inout Int) -> Bool {
        guard let policy = freezes else { return false }
        switch policy.mode {
        case .manual:
            return useByDay[day.number] != nil
        case .auto:
            let window = self.window(of: day, first: first, policy: policy)
            if window != autoWindow {
                autoWindow = window
                autoUsed = 0
            }
            guard autoUsed < policy.max else { return false }
            autoUsed += 1
            return true
        }
    }

    /// Manual freezes charged to `window` and still held (spent, or reserved for a day that
    /// has not qualified).
    private func used(inWindow window: Int, first: LocalDay, policy: StreakRule.FreezePolicy) -> Int {
        uses.reduce(0) { count, use in
            let held = use.state == .spent || !qualifies(use.covered)
            return count + (held && self.window(of: use.charged, first: first, policy: policy) == window ? 1 : 0)
        }
    }

    private func window(of day: LocalDay, first: LocalDay, policy: StreakRule.FreezePolicy) -> Int {
        let distance = day.number - first.number
        let size = max(1, policy.refillDays)
        return distance >= 0 ? distance / size : -((-distance + size - 1) / size)
    }

    private var historyStart: LocalDay { cutOff ?? LocalDay(number: Int.min / 2) }

    /// The first qualifying day from the cut-off on and not after today.
    private func firstQualifying(today: LocalDay) -> LocalDay? {
        let index = position(of: historyStart.number).index
        guard index < qualifying.count, qualifying[index] <= today.number else { return nil }
        return LocalDay(number: qualifying[index])
    }

    private mutating func invalidate(from day: LocalDay) {
        lastState = nil
        if let walk, day.number < walk.next { self.walk = nil }
    }

    /// Binary search in `qualifying`: the insertion index of `number` and whether it is there.
    private func position(of number: Int) -> (index: Int, found: Bool) {
        var low = 0, high = qualifying.count
        while low < high {
            let middle = (low + high) / 2
            if qualifying[middle] < number { low = middle + 1 } else { high = middle }
        }
        return (low, low < qualifying.count && qualifying[low] == number)
    }
}
