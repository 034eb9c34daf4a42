import CEL
import Facts

/// The value of one `EventFold` on every prefix of its source list, tabulated in one pass.
///
/// Errors inside a fold (a body that fails on some element) make the fold's value an error from
/// that element on, as iterating would; which error it is does not matter to the replay (a failed
/// condition is simply not true), so the first one is kept.
struct EventFoldTable: Sendable {
    let shape: EventFold.Shape
    /// For list shapes: every produced element, in order.
    var outputs: [CELValue] = []
    /// For list shapes and `exists_one`: how many elements were produced (or held) from the first
    /// m source elements, for every m (count + 1 entries).
    var producedBefore: [Int32] = []
    /// The source index of the first element that decides `exists` (true) or `all` (false).
    var firstDecisive: Int?
    /// The source index of the first element whose body failed, and the failure.
    var firstError: Int?
    var error: CELValue = .error(CELError(.other, "fold failed"))
    var sourceCount: Int
    /// For a reduction: its value over the first m source elements, for every m (count + 1
    /// entries), and the running reduction that appends the next.
    var reduced: [CELValue] = []
    var running: CELListReduction.Running?
    /// For a daily fold: its running table.
    var daily: DailyFoldTable?
    /// The appends that copied a shared array (debug builds: a session step must append in place).
    var copiedAppends = CopiedAppends()

    /// `days`: for a daily fold over `events`, each event's day (`ReplayFacts.onTimeDays`); without
    /// them the daily table is not exact.
    /// `tables` and `chain`: for a daily fold, the tables before it and which of them are its
    /// chain's steps (`DailyFold.chain`; read where they are, not copied out).
    /// `types`: for a fold over `events`, each event's `type` (`EventFold.typeGuard`).
    init(fold: EventFold, source: [CELValue], costLimit: Int, types: [Int8] = [], guardCode: Int8 = EventTypeCodes.other,
         days: [Int32] = [],
         tables: [EventFoldTable] = [], chain: [Int] = []) {
        shape = fold.shape
        sourceCount = source.count
        switch fold.shape {
        case .count:
            return
        case .daily(let dailyFold):
            daily = Self.dailyTable(dailyFold, source: source, costLimit: costLimit, days: days, tables: tables, chain: chain)
        case .reduction(let reduction):
            var running = CELListReduction.Running(reduction)
            reduced.reserveCapacity(source.count + 1)
            reduced.append(running.value)
            for element in source {
                running.append(element)
                reduced.append(running.value)
            }
            self.running = running
        case .all(let predicate), .exists(let predicate):
            // `exists` is decided by the first true, `all` by the first false.
            let decisive: Bool = if case .all = fold.shape { false } else { true }
            let values = Self.predicateValues(fold, source: source, types: types, guardCode: guardCode, costLimit: costLimit,
                                              body: predicate, until: decisive)
            findFirstDecisive(values, decisive: decisive)
        case .existsOne(let predicate):
            let values = Self.predicateValues(fold, source: source, types: types, guardCode: guardCode, costLimit: costLimit,
                                              body: predicate)
            countHeld(values)
        case .filter(let predicate), .mapFiltered(let predicate, _):
            let (kept, keptIndices) = keep(fold, predicate: predicate, source: source, types: types, guardCode: guardCode,
                                           costLimit: costLimit)
            if case .mapFiltered(_, let transform) = fold.shape {
                let mapped = Self.bodyValues(fold.batchTransform, fold.elementTransform, iterVar: fold.iterVar,
                                             source: kept, costLimit: costLimit, body: transform)
                outputs = recordErrors(in: mapped, sourceIndices: keptIndices)
            } else {
                outputs = kept
            }
        case .map(let transform):
            let mapped = Self.bodyValues(fold.batchTransform, fold.elementTransform, iterVar: fold.iterVar,
                                         source: source, costLimit: costLimit, body: transform)
            outputs = recordErrors(in: mapped, sourceIndices: Array(source.indices))
            producedBefore = (0...source.count).map { Int32(Swift.min($0, outputs.count)) }
        }
    }

    /// `exists` and `all`: the first element whose predicate gives `decisive`, and the first error
    /// before it.
    private mutating func findFirstDecisive(_ values: PredicateValues, decisive: Bool) {
        for index in values.flags.indices {
            if let flag = values.flag(at: index) {
                if flag == decisive { firstDecisive = index; break }
            } else if firstError == nil {
                firstError = index
                error = values.failure(at: index)
            }
        }
    }

    /// `exists_one`: how many elements held the predicate before each source position.
    private mutating func countHeld(_ values: PredicateValues) {
        producedBefore = [0]
        producedBefore.reserveCapacity(values.flags.count + 1)
        var count: Int32 = 0
        for index in values.flags.indices {
            if let flag = values.flag(at: index) {
                if flag { count += 1 }
            } else if firstError == nil {
                firstError = index
                error = values.failure(at: index)
            }
            producedBefore.append(count)
        }
    }

    /// `filter`: the kept elements and their source positions, with `producedBefore` filled in.
    private mutating func keep(_ fold: EventFold, predicate: CELExpr, source: [CELValue], types: [Int8], guardCode: Int8,
                               costLimit: Int) -> (kept: [CELValue], indices: [Int]) {
        var kept: [CELValue] = []
        var keptIndices: [Int] = []
        producedBefore = [0]
        producedBefore.reserveCapacity(source.count + 1)
        if Self.typeTellsAll(fold, types: types, guardCode: guardCode, count: source.count) {
            // Kept exactly when of the guard's type: no value made per element, and the kept
            // lists made at their size (grown one element at a time, they would be copied at each doubling).
            var keptCount = 0
            for type in types where type == guardCode { keptCount += 1 }
            kept.reserveCapacity(keptCount)
            keptIndices.reserveCapacity(keptCount)
            for index in types.indices {
                if types[index] == guardCode {
                    kept.append(source[index])
                    keptIndices.append(index)
                }
                producedBefore.append(Int32(kept.count))
            }
            return (kept, keptIndices)
        }
        let keep = Self.predicateValues(fold, source: source, types: types, guardCode: guardCode, costLimit: costLimit,
                                        body: predicate)
        for index in keep.flags.indices {
            if let flag = keep.flag(at: index) {
                if flag && firstError == nil {
                    kept.append(source[index])
                    keptIndices.append(index)
                }
            } else if firstError == nil {
                firstError = index
                error = keep.failure(at: index)
            }
            producedBefore.append(Int32(kept.count))
        }
        return (kept, keptIndices)
    }

    /// A daily fold's table over every event of `source`, each event's contribution read from
    /// its chain's tables where they tell it. Apart from `init`: inside it, this loop would make
    /// the other shapes' code slower (`rulecheck-bench` shows it).
    @inline(never)
    private static func dailyTable(_ fold: DailyFold, source: [CELValue], costLimit: Int, days: [Int32],
                                   tables: [EventFoldTable], chain: [Int]) -> DailyFoldTable {
        var table = DailyFoldTable(fold: fold, costLimit: costLimit, knowsDays: days.count == source.count)
        for (index, event) in source.enumerated() {
            let day = index < days.count ? days[index] : DailyFoldTable.noDay
            if let known = DailyFoldTable.contribution(of: index, record: event, chain: chain, in: tables) {
                table.append(day: day) { known }
            } else {
                table.append(event, day: day)
            }
        }
        return table
    }

    /// Keeps the produced elements up to the first failed one and remembers where it failed.
    private mutating func recordErrors(in values: [CELValue], sourceIndices: [Int]) -> [CELValue] {
        guard let failed = values.firstIndex(where: \.isError) else { return values }
        let at = sourceIndices[failed]
        if firstError.map({ at < $0 }) ?? true {
            firstError = at
            error = values[failed]
        }
        return Array(values[..<failed])
    }

    /// Whether the predicate's value on every element is told by the element's type alone: a
    /// whole type guard (`type == "…"` and nothing else) and every element's type known.
    private static func typeTellsAll(_ fold: EventFold, types: [Int8], guardCode: Int8, count: Int) -> Bool {
        isGuarded(fold, types: types, guardCode: guardCode, count: count) && fold.typeGuardIsWhole
            && !types.contains(EventTypeCodes.unknown)
    }

    /// Whether the fold's predicate is guarded by a type the elements' `types` tell.
    private static func isGuarded(_ fold: EventFold, types: [Int8], guardCode: Int8, count: Int) -> Bool {
        fold.typeGuard != nil && guardCode >= 0 && types.count == count
    }

    /// The predicate's value for every source element; with a type guard, evaluated only on the
    /// events of that type (false on the others, as the predicate is). With `decisive` (`all`,
    /// `exists`), evaluation stops at the first element whose value is `decisive`: the fold's
    /// value stands from there, so the values after it are never read (left false).
    private static func predicateValues(_ fold: EventFold, source: [CELValue], types: [Int8], guardCode: Int8,
                                        costLimit: Int, body: CELExpr, until decisive: Bool? = nil) -> PredicateValues {
        let guarded = isGuarded(fold, types: types, guardCode: guardCode, count: source.count)
        guard guarded || decisive != nil else {
            var values = PredicateValues(count: source.count)
            let results = bodyValues(fold.batchPredicate, fold.elementPredicate, iterVar: fold.iterVar, source: source,
                                     costLimit: costLimit, body: body)
            for index in results.indices { values.set(results[index], at: index) }
            return values
        }
        var values = PredicateValues(count: source.count)
        // Evaluated in chunks: a million events are not copied into a second list at once, and
        // with `decisive` the first chunks are small (most histories decide early or never).
        var chunk = decisive == nil ? Self.guardedChunk : Self.firstChunk
        var indices: [Int] = []
        indices.reserveCapacity(Swift.min(source.count, Self.guardedChunk))
        var decided = false
        func evaluate() {
            let results = bodyValues(fold.batchPredicate, fold.elementPredicate, iterVar: fold.iterVar,
                                     source: indices.map { source[$0] }, costLimit: costLimit, body: body)
            for (position, index) in indices.enumerated() {
                values.set(results[position], at: index)
                if let decisive, case .bool(decisive) = results[position] { decided = true }
            }
            indices.removeAll(keepingCapacity: true)
            chunk = Swift.min(chunk * 2, Self.guardedChunk)
        }
        for index in source.indices {
            // Whether this element's value, told by its type, is decisive.
            var decidedByType = false
            if !guarded || types[index] == EventTypeCodes.unknown {
                indices.append(index)  // no string `type`: the guard tells nothing
            } else if types[index] == guardCode {
                if fold.typeGuardIsWhole {
                    values.set(.bool(true), at: index)
                    decidedByType = decisive == true
                } else {
                    indices.append(index)
                }
            } else {
                decidedByType = decisive == false
            }
            // Pending elements come before a decisive one: their errors count.
            if indices.count >= chunk || (decidedByType && !indices.isEmpty) { evaluate() }
            if decided || decidedByType { return values }
        }
        if !indices.isEmpty { evaluate() }
        return values
    }

    /// How many elements are evaluated at once, at most and first when a decisive one stops it
    /// (doubling from there). A small first chunk: an `exists` that holds mostly holds early (an
    /// early bird among the first few focus sessions), and a large one evaluates elements past
    /// the one that decides.
    private static let guardedChunk = 4_096
    private static let firstChunk = 8

    /// The body's value for every source element: one evaluation over the whole list, or one per
    /// element when the batch fails (a failed element fails the whole batch).
    private static func bodyValues(_ batch: CELProgram?, _ element: CELProgram?, iterVar: String, source: [CELValue],
                                   costLimit: Int, body: CELExpr) -> [CELValue] {
        // The limit holds per element, as when each prefix is iterated.
        let (batchLimit, overflow) = costLimit.multipliedReportingOverflow(by: Swift.max(1, source.count))
        if let batch, case .list(let list) = batch.evaluate(CELActivation(shape: Self.sourceBinding, values: [.list(CELList(source))]),
                                                            costLimit: overflow ? Int.max : batchLimit),
           list.count == source.count {
            return list.array
        }
        guard let element else {
            return Array(filling: .error(CELError(.other, "fold body could not be planned")), count: source.count)
        }
        return source.map { element.evaluate(CELActivation([iterVar: $0]), costLimit: costLimit) }
    }

    /// What a batch program binds: the source list (a shape planned once: no name hashed per call).
    private static let sourceBinding = CELRecordShape(fields: [EventFold.sourceVariable])

    /// Whether the table is not a daily one, or is one whose values are the written expression's.
    var isExactDaily: Bool { daily?.exact ?? true }

    /// Whether the first m source elements include a failed one.
    @inline(__always)
    func failed(within m: Int) -> Bool {
        if let daily { return daily.failed(within: Swift.max(0, Swift.min(m, sourceCount))) }
        guard let firstError else { return false }
        return firstError < m
    }

    /// The fold's value over the first m source elements.
    /// Inlined, as are `version(over:)`, `failed(within:)` and `produced(over:)`: called on a
    /// table in an array (`tables[k].value(over: m)`), a call would take a copy of the whole
    /// table (a retain and release of each of its arrays) at every fold a condition reads.
    @inline(__always)
    func value(over m: Int) -> CELValue {
        let m = Swift.max(0, Swift.min(m, sourceCount))
        switch shape {
        case .count:
            return .int(Int64(m))
        case .reduction:
            return reduced[m]
        case .daily:
            return daily?.value(over: m) ?? .error(CELError(.other, "fold failed"))
        case .all, .exists:
            let decisive: Bool = if case .all = shape { false } else { true }
            if let firstDecisive, firstDecisive < m { return .bool(decisive) }
            return failed(within: m) ? error : .bool(!decisive)
        case .existsOne:
            return failed(within: m) ? error : .bool(producedBefore[m] == 1)
        case .filter, .map, .mapFiltered:
            return failed(within: m) ? error : .list(CELList(prefixOf: outputs, count: Int(producedBefore[m])))
        }
    }

    /// A number that changes (grows) exactly when `value(over:)` can change.
    @inline(__always)
    func version(over m: Int) -> Int {
        let m = Swift.max(0, Swift.min(m, sourceCount))
        switch shape {
        case .count, .reduction:
            return m
        case .daily:
            return daily?.version(over: m) ?? 0
        case .all, .exists:
            if let firstDecisive, firstDecisive < m { return 2 }
            return failed(within: m) ? 1 : 0
        case .existsOne:
            return failed(within: m) ? 3 : Int(Swift.min(producedBefore[m], 2))
        case .filter, .map, .mapFiltered:
            return failed(within: m) ? Int(Int32.max) : Int(producedBefore[m])
        }
    }

    /// The source counts 1…total at which `version(over:)` changes, ascending, read straight
    /// from the table (a fold over `events`, whose visible count after n events is n).
    func versionChanges(through total: Int) -> [Int]? {
        let last = Swift.min(total, sourceCount)
        switch shape {
        case .count, .reduction:
            return last >= 1 ? Array(1...last) : []
        case .daily:
            return daily?.changeCounts(through: last)
        case .all, .exists:
            // 0 → 1 where the first failure becomes visible, → 2 where the deciding element does.
            var points: [Int] = []
            if let firstError, firstError + 1 <= last, firstDecisive.map({ firstError < $0 }) ?? true {
                points.append(firstError + 1)
            }
            if let firstDecisive, firstDecisive + 1 <= last { points.append(firstDecisive + 1) }
            return points
        case .existsOne, .filter, .map, .mapFiltered:
            // Up to the first failure the version is the produced count (for `exists_one` capped
            // at 2); from the failure on it is one constant, different from every count.
            let failedFrom = firstError.map { $0 + 1 } ?? Int.max
            let capped: Bool = if case .existsOne = shape { true } else { false }
            let counted = Swift.min(last, failedFrom - 1)
            var points: [Int] = []
            // A point per element produced (and one for a failure): no regrowing on the way.
            points.reserveCapacity(Int(counted >= 1 ? producedBefore[counted] : 0) + 1)
            producedBefore.withUnsafeBufferPointer { produced in
                var previous = produced[0]
                var m = 1
                while m <= counted {
                    let current = produced[m]
                    if current != previous {
                        // `exists_one`'s version stops moving at its second element.
                        if capped, previous >= 2 { break }
                        points.append(m)
                        previous = current
                    }
                    m += 1
                }
            }
            if failedFrom <= last, failedFrom >= 1 { points.append(failedFrom) }
            return points
        }
    }

    /// How many elements the fold produced from the first m source elements (list shapes).
    @inline(__always)
    func produced(over m: Int) -> Int {
        let m = Swift.max(0, Swift.min(m, sourceCount))
        return producedBefore.isEmpty ? 0 : Int(producedBefore[m])
    }
}

extension CELValue {
    var isError: Bool {
        if case .error = self { return true }
        return false
    }
}

/// A predicate's value for every source element, as a byte each: a list of `CELValue` booleans
/// would be destroyed value by value through the enum's general witness (a table per fold, an
/// entry per event). A value that is not a bool (an error, a wrong type) is kept aside.
private struct PredicateValues {
    private static let isFalse: Int8 = 0
    private static let isTrue: Int8 = 1
    private static let isOther: Int8 = 2

    private(set) var flags: [Int8]
    /// The values that are not bools, by element.
    private var others: [Int: CELValue] = [:]

    /// Every element false.
    init(count: Int) {
        flags = Array(filling: Self.isFalse, count: count)
    }

    mutating func set(_ value: CELValue, at index: Int) {
        if case .bool(let flag) = value {
            flags[index] = flag ? Self.isTrue : Self.isFalse
        } else {
            flags[index] = Self.isOther
            others[index] = value
        }
    }

    /// The element's value when it is a bool.
    func flag(at index: Int) -> Bool? {
        switch flags[index] {
        case Self.isTrue: true
        case Self.isFalse: false
        default: nil
        }
    }

    /// Why the element's value is not a bool: its error, or a type error.
    func failure(at index: Int) -> CELValue {
        guard let value = others[index], value.isError else {
            return .error(CELError(.noSuchOverload, "predicate is not a bool"))
        }
        return value
    }
}
