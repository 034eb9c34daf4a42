import CEL

/// The value of a `DailyFold` after every number of events, kept as events arrive: each day's
/// running total (a count, or the sum as CEL's `sum()` gives it on the day's events so far), the
/// largest total, and the few event counts at which the value changed.
struct DailyFoldTable: Sendable {
    /// A day that no on-time event belongs to (`ReplayFacts.onTimeDays`).
    static let noDay = Int32.min

    private let fold: DailyFold
    private let costLimit: Int
    /// Events seen.
    private(set) var count = 0
    /// The value over no events, and from each listed event count on the value then reached.
    private var initial: CELValue
    private var changes: [(events: Int, value: CELValue)] = []
    /// Whether every value so far is what the expression as written gives (see `DailyFold`).
    private(set) var exact = true

    /// Every day's total but the latest day's, which `latest` holds: a day's events mostly come
    /// one after the other, and the dictionary is written only when the day changes. A total is
    /// an int (a count, or a sum of ints; anything else is not exact).
    /// Keyed by the day as an `Int`, a key type the process hashes anyway (each further key type
    /// costs the runtime a search of every conformance when its table is first made).
    private var totals: [Int: Int64] = [:]
    private var latest: (day: Int32, total: Int64)?
    /// The largest total of a day with events on time, and that day.
    private var best: (total: Int64, day: Int32)?
    private var failure: CELValue?
    private var eventsSeen = false

    /// `knowsDays`: whether the events will come with their days (facts that do not place events
    /// on days make the table inexact, so the expression is evaluated as written).
    init(fold: DailyFold, costLimit: Int, knowsDays: Bool = true) {
        self.fold = fold
        self.costLimit = costLimit
        exact = knowsDays
        initial = fold.literalMaximum.map { .int($0) } ?? .error(CELError(.invalidArgument, "max() of an empty list"))
    }

    /// The value after the first `m` events.
    func value(over m: Int) -> CELValue {
        let changed = version(over: m)
        return changed == 0 ? initial : changes[changed - 1].value
    }

    /// A number that changes exactly when `value(over:)` does: how many changes happened by
    /// `m` events (changes are few: a binary search).
    func version(over m: Int) -> Int {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].events <= m { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The event counts 1…`last` at which `version(over:)` changes, ascending: where a change
    /// was recorded (one per event at most, counted from 1).
    func changeCounts(through last: Int) -> [Int] {
        var counts: [Int] = []
        for change in changes {
            guard change.events <= last else { break }
            counts.append(change.events)
        }
        return counts
    }

    /// Whether the value after the first `m` events is an error.
    func failed(within m: Int) -> Bool {
        value(over: m).isError
    }

    /// Adds the next event: its CEL record and the day its `day.events` holds it in (`noDay`
    /// when none: a late event).
    mutating func append(_ event: CELValue, day: Int32) {
        let fold = fold, costLimit = costLimit
        append(day: day) { fold.contribution(of: event, costLimit: costLimit) }
    }

    /// Adds the next event with what it contributes, worked out only when its day needs it.
    mutating func append(day: Int32, contribution: () -> DailyFold.Contribution) {
        count += 1
        let before = current
        eventsSeen = true
        if failure == nil, day != Self.noDay { add(contribution(), to: day) }
        let after = current
        if !Self.same(before, after) { changes.append((count, after)) }
    }

    /// What event `event` contributes, read from the tables of the chain's steps
    /// (`DailyFold.chain`: the same filters and maps over all events, tabulated anyway; `chain`
    /// holds their indices in `tables`), or `nil` when a step failed on some event (a late one
    /// may fail where no day looks), and the event is evaluated on its own.
    static func contribution(of event: Int, record: CELValue, chain: [Int], in tables: [EventFoldTable]) -> DailyFold.Contribution? {
        var index = event
        // Without steps (`d.events.size()`), every event is an element.
        var element = record
        // Read in place (a table copied out retains and releases its arrays).
        for step in chain {
            guard step < tables.count, tables[step].firstError == nil, index + 1 < tables[step].producedBefore.count else { return nil }
            let before = Int(tables[step].producedBefore[index])
            guard Int(tables[step].producedBefore[index + 1]) > before else { return .dropped }
            guard before < tables[step].outputs.count else { return nil }
            element = tables[step].outputs[before]
            index = before
        }
        return .element(element)
    }

    /// The value now (after `count` events).
    private var current: CELValue {
        if let failure { return failure }
        var maximum = fold.literalMaximum
        if eventsSeen {
            // With events, `days` shows at least the first event's day; days without events on
            // time give 0, which changes nothing while the best day reaches 0 (`exact`).
            let days = best?.total ?? 0
            maximum = Swift.max(maximum ?? days, days)
        }
        return maximum.map { .int($0) } ?? initial
    }

    private mutating func add(_ contribution: DailyFold.Contribution, to day: Int32) {
        var total: Int64
        if let latest, latest.day == day {
            total = latest.total
        } else {
            if let latest { totals[Int(latest.day)] = latest.total }
            total = totals.removeValue(forKey: Int(day)) ?? 0
        }
        switch contribution {
        case .failed(let error):
            if case .error(let e) = error, e.kind == .costLimitExceeded { exact = false }
            failure = error
            return
        case .dropped:
            break
        case .element(let element):
            switch fold.total {
            case .count:
                total += 1
            case .sum:
                // An int sum as CEL's `sum()` adds, in the day's order; other kinds mix into a
                // double, which only the written evaluation compares.
                guard case .int(let value) = element else {
                    exact = false
                    failure = .error(CELError(.other, "daily fold is not exact"))
                    return
                }
                let (sum, overflow) = total.addingReportingOverflow(value)
                guard !overflow else {
                    failure = .error(CELError(.overflow, "sum: int overflow"))
                    return
                }
                total = sum
            }
        }
        latest = (day, total)
        if let best, best.day != day, best.total >= total {
            // Another day stays the best.
        } else if let best, best.day == day, total < best.total {
            // The best day went down (a negative value): look at every day again.
            var all = totals
            all[Int(day)] = total
            self.best = all.max { $0.value < $1.value }.map { ($0.value, Int32(truncatingIfNeeded: $0.key)) }
        } else {
            best = (total, day)
        }
        // A day below 0 could be below the days without events, which only `days` tells.
        if let best, best.total < 0 { exact = false }
    }

    private static func same(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): x == y
        case (.error, .error): true
        default: false
        }
    }
}
