import CEL

/// The tabulated folds of one replay: the value and version of every fold after the first n
/// events, with chains (a `map` over a `filter`) resolved through their sources.
struct EventFoldValues: Sendable {
    let folds: [EventFold]
    private var tables: [EventFoldTable]

    /// `eventDays`: each event's day (`ReplayFacts.onTimeDays`), read by daily folds only.
    init(folds: [EventFold], events: [CELValue], eventDays: [Int32] = [], costLimit: Int) {
        self.folds = folds
        // Each event's `type`, read once from its record, when some predicate is guarded by it:
        // as the index of the guard it equals (a byte an event: a million are read at once).
        let guards = EventTypeCodes(folds: folds)
        let types = guards.isEmpty ? [] : events.map { guards.code(of: Self.type(of: $0)) }
        var tables: [EventFoldTable] = []
        tables.reserveCapacity(folds.count)
        // A fold's source is always registered before it.
        for fold in folds {
            let source: [CELValue]
            switch fold.source {
            case .events: source = events
            case .fold(let k): source = k < tables.count ? tables[k].outputs : []
            }
            let chain: [Int] = if case .daily(let daily) = fold.shape, daily.chain.allSatisfy({ $0 < tables.count }) {
                daily.chain
            } else { [] }
            let table = EventFoldTable(fold: fold, source: source, costLimit: costLimit,
                                       types: fold.source == .events ? types : [],
                                       guardCode: fold.typeGuard.map(guards.code(of:)) ?? EventTypeCodes.other,
                                       days: eventDays, tables: tables, chain: chain)
            tables.append(table)
        }
        self.tables = tables
    }

    /// Extends every table by one more event (its CEL record), chained folds by what their
    /// source produced from it: the tables then hold what tabulating all events gives.
    mutating func append(_ event: CELValue, day: Int32, costLimit: Int) {
        let type = folds.contains { $0.typeGuard != nil } ? Self.type(of: event) : nil
        // Per table, where its outputs stood before the event: what it produced is the rest.
        var producedFrom = [Int](filling: 0, count: tables.count)
        for k in tables.indices {
            if case .daily(let dailyFold) = folds[k].shape {
                // The chain's tables (earlier folds) took the event already: what it makes of
                // it is read there, as when tabulating, not evaluated a second time (a table
                // without the event tells nothing, and the event is evaluated).
                let known = DailyFoldTable.contribution(of: tables[k].sourceCount, record: event, chain: dailyFold.chain, in: tables)
                tables[k].appendDaily(event, day: day, known: known)
                continue
            }
            producedFrom[k] = tables[k].outputs.count
            switch folds[k].source {
            case .events:
                if let guardType = folds[k].typeGuard, let type, guardType != type {
                    tables[k].appendJudged(event, predicate: .bool(false), fold: folds[k], costLimit: costLimit)
                } else if folds[k].typeGuardIsWhole, type != nil {
                    tables[k].appendJudged(event, predicate: .bool(true), fold: folds[k], costLimit: costLimit)
                } else {
                    tables[k].append(CollectionOfOne(event), fold: folds[k], costLimit: costLimit)
                }
            case .fold(let s):
                guard s < k else { continue }
                let produced = tables[s].outputs[producedFrom[s]...]
                tables[k].append(produced, fold: folds[k], costLimit: costLimit)
            }
        }
    }

    /// An event record's `type`, or `nil` when it has no string there (then no guard applies).
    static func type(of event: CELValue) -> String? {
        guard case .map(let record) = event, case .string(let type)? = record[field: typeField] else { return nil }
        return type
    }

    private static let typeField = CELMap.Field("type")

    /// Whether every daily fold's values are the written expression's (`DailyFoldTable.exact`);
    /// true without daily folds.
    var dailyFoldsExact: Bool {
        // By index: a closure over the tables takes a copy of each (a retain of every array in it).
        for k in tables.indices where !tables[k].isExactDaily { return false }
        return true
    }

    /// Makes room in every table for `extra` more events (`EventFoldTable.reserve`).
    mutating func reserve(_ extra: Int) {
        for k in tables.indices { tables[k].reserve(extra) }
    }

    /// The appends to the tables that copied a shared array (debug builds; `CopiedAppends`).
    var copiedAppends: Int { tables.reduce(0) { $0 + $1.copiedAppends.count } }

    /// Whether fold k changes value at the n-th event (`changePoints(of:total:)` holds n).
    func changes(_ k: Int, at n: Int) -> Bool {
        guard n > 0 else { return false }
        return version(k, events: n) != version(k, events: n - 1)
    }

    /// How many source elements fold k sees after n events, or the failure of its source.
    private func sourceCount(_ k: Int, events n: Int) -> Result<Int, FoldFailure> {
        switch folds[k].source {
        case .events:
            return .success(n)
        case .fold(let s):
            switch sourceCount(s, events: n) {
            case .failure(let failure): return .failure(failure)
            case .success(let m):
                if tables[s].failed(within: m) { return .failure(FoldFailure(value: tables[s].value(over: m))) }
                return .success(tables[s].produced(over: m))
            }
        }
    }

    func value(_ k: Int, events n: Int) -> CELValue {
        switch sourceCount(k, events: n) {
        case .failure(let failure): failure.value
        case .success(let m): tables[k].value(over: m)
        }
    }

    /// For a reduction fold: its value over each number of source elements (`nil` for the others).
    func reducedValues(_ k: Int) -> [CELValue]? {
        guard case .reduction = folds[k].shape else { return nil }
        return tables[k].reduced
    }

    /// How many source elements fold k sees after n events, or `nil` once its source failed:
    /// `sourceCount` without building the failure's value (cheap enough to ask at every n).
    func visibleCount(_ k: Int, events n: Int) -> Int? {
        switch folds[k].source {
        case .events:
            return n
        case .fold(let s):
            guard let m = visibleCount(s, events: n), !tables[s].failed(within: m) else { return nil }
            return tables[s].produced(over: m)
        }
    }

    func version(_ k: Int, events n: Int) -> Int {
        visibleCount(k, events: n).map { tables[k].version(over: $0) } ?? Int.max
    }

    /// How many elements fold k holds after n events (its count for `size(events)`), or `nil`
    /// once it failed. Never decreases before it fails.
    func count(_ k: Int, events n: Int) -> Int? {
        switch sourceCount(k, events: n) {
        case .failure: return nil
        case .success(let m):
            switch folds[k].shape {
            case .count: return m
            case .filter, .map, .mapFiltered: return tables[k].failed(within: m) ? nil : tables[k].produced(over: m)
            case .all, .exists, .existsOne, .reduction, .daily: return nil
            }
        }
    }

    /// The chain of fold k's sources down to `events` (`events.filter(…).map(…)`), innermost
    /// first, as indices of their tables: `visibleCount` without its recursion at every n.
    private func sourceChain(of k: Int) -> [Int] {
        var chain: [Int] = []
        var link = folds[k].source
        while case .fold(let s) = link {
            chain.append(s)
            link = folds[s].source
        }
        chain.reverse()
        return chain
    }

    /// How many source elements the last table of `chain` hands on after n events, or `nil` once
    /// one of them failed. The chain's tables are read where they are (their reads are inlined):
    /// a list of copies of them would cost a retain and release of each of their arrays.
    private static func visible(through chain: [Int], of tables: [EventFoldTable], events n: Int) -> Int? {
        var visible = n
        for step in chain {
            if tables[step].failed(within: visible) { return nil }
            visible = tables[step].produced(over: visible)
        }
        return visible
    }

    /// Fold k's value after each of `points` events, or `nil` where a source of it failed: `value`
    /// at many points, with the tables taken out once.
    func values(of k: Int, atEvents points: [Int]) -> [CELValue?] {
        let table = tables[k]
        let chain = sourceChain(of: k)
        return points.map { n in Self.visible(through: chain, of: tables, events: n).map { table.value(over: $0) } }
    }

    /// The event counts 1…total at which fold k changes value, ascending.
    func changePoints(of k: Int, total: Int) -> [Int] {
        if case .events = folds[k].source, let direct = tables[k].versionChanges(through: total) { return direct }
        var points: [Int] = []
        // Taken out once: calling through `tables[k]` at every n retains and releases its arrays.
        let table = tables[k]
        let chain = sourceChain(of: k)
        func version(events n: Int) -> Int {
            Self.visible(through: chain, of: tables, events: n).map { table.version(over: $0) } ?? Int.max
        }
        var previous = version(events: 0)
        func check(events n: Int) {
            let current = version(events: n)
            if current != previous { points.append(n) }
            previous = current
        }
        // What a chain hands on changes only where its innermost table (a fold over `events`)
        // changes version, so only those counts can change fold k's.
        if let first = chain.first, let candidates = tables[first].versionChanges(through: total) {
            for n in candidates { check(events: n) }
        } else {
            for n in stride(from: 1, through: total, by: 1) { check(events: n) }
        }
        return points
    }

    private struct FoldFailure: Error {
        var value: CELValue
    }
}
