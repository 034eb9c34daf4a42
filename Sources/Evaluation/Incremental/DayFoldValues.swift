import CEL
import Facts

/// The values of the replay's day folds (`DayFold`) as the checkpoints go by. Per fold it keeps
/// each day's body result and the fold of the results over every prefix of the days; when day
/// records are rebuilt (`ReplayFacts.dayChanges`) only those days' bodies run again and only the
/// prefixes from the first of them are folded again. Days change near today, so a checkpoint
/// costs the days that changed, not all days.
///
/// A value is given only where it is what the expression as written gives; otherwise (`nil`) the
/// caller evaluates it as written: numbers of mixed kinds, an overflowing sum, NaN, no value at
/// all to reduce, or a body over the cost limit. A body that fails otherwise makes the fold an
/// error, as iterating gives (unless an `exists` found a true day, or an `all` a false one): the
/// first day's error is kept, since a condition that fails is simply not true at a checkpoint
/// (the decision at `now` evaluates the expression as written and reports the error as it is).
/// So a misspelled field in one day keeps each checkpoint's cost at the days that changed.
struct DayFoldValues {
    /// One day's body result.
    private enum Body {
        /// The element it contributes (for predicates, `true` or `false`).
        case element(CELValue)
        /// Left out by a `map(d, p, x)` filter.
        case skipped
        /// An error, or a predicate that is not a boolean: the error the fold carries (`nil` for
        /// one over the cost limit, which only the written evaluation may report).
        case failed(CELValue?)
    }

    /// The fold of the bodies of the first days.
    private struct Accumulated {
        var trues = 0
        var falses = 0
        var failed = false
        /// The first failed body's error.
        var error: CELValue?
        /// Whether a body ran over the cost limit (or could not be planned): only the written
        /// evaluation can tell what the expression gives.
        var unknownFailure = false
        var number: Number = .empty

        /// What a failed fold gives: the first error, or `nil` when only the written evaluation knows.
        var failure: CELValue? { unknownFailure ? nil : error }
    }

    /// A running max, min or sum of numbers of one kind.
    private enum Number {
        case empty
        case int(Int64)
        case uint(UInt64)
        case double(Double)
        /// Mixed kinds, overflow, NaN or a non-number: only the written evaluation knows.
        case unknown
    }

    private struct Table {
        var bodies: [Body?] = []
        /// `prefixes[i]`: the fold over the days `0...i`; valid below `valid`.
        var prefixes: [Accumulated] = []
        var valid = 0
        var mark = DayChangeMark.start
    }

    let folds: [DayFold]
    let costLimit: Int
    private var tables: [Table]

    init(folds: [DayFold], costLimit: Int) {
        self.folds = folds
        self.costLimit = costLimit
        // Appended one by one: an array made from `repeatElement` of this type goes through a
        // generic copy whose types the runtime looks up by name.
        tables = []
        tables.reserveCapacity(folds.count)
        for _ in folds { tables.append(Table()) }
    }

    /// Fold `k`'s value over `days` (the records at `moment`), or `nil` when only the written
    /// expression can tell. The steps the bodies take are added to `steps` (the replay's budget).
    mutating func value<Facts: ReplayFacts>(_ k: Int, days: CELList, facts: inout Facts, at moment: FactMoment,
                                            steps: inout Int) -> CELValue? {
        var table = tables[k]
        tables[k] = Table()  // let go of the arrays so they change in place
        let (mark, everything) = facts.dayChanges(since: table.mark, at: moment) { offset in
            if offset < table.bodies.count { table.bodies[offset] = nil }
            table.valid = Swift.min(table.valid, offset)
        }
        table.mark = mark
        if everything {
            table.bodies.removeAll(keepingCapacity: true)
            table.valid = 0
        }
        let count = days.count
        if table.bodies.count < count {
            table.bodies.append(contentsOf: Array(filling: nil, count: count - table.bodies.count))
        }
        if table.prefixes.count < count {
            table.prefixes.append(contentsOf: Array(filling: Accumulated(), count: count - table.prefixes.count))
        }
        var running = table.valid > 0 ? table.prefixes[table.valid - 1] : start(k)
        while table.valid < count {
            let day = table.valid
            let body = table.bodies[day] ?? self.body(k, of: days[day], steps: &steps)
            table.bodies[day] = body
            running = Self.fold(running, body, reduction: folds[k].reduction)
            table.prefixes[day] = running
            table.valid += 1
        }
        let total = count > 0 ? table.prefixes[count - 1] : start(k)
        tables[k] = table
        return result(k, total, days: count)
    }

    /// The fold before any day: the literal numbers written before the days.
    private func start(_ k: Int) -> Accumulated {
        var accumulated = Accumulated()
        for value in folds[k].leading { accumulated.number = Self.combine(accumulated.number, value, folds[k].reduction) }
        return accumulated
    }

    private func body(_ k: Int, of day: CELValue, steps: inout Int) -> Body {
        // The fold is read in place: a copy retains and releases every part of its programs.
        let activation = CELActivation(shape: folds[k].shapeOfBinding, values: [day])
        if folds[k].predicate != nil {
            let value = folds[k].predicate?.evaluate(activation, costLimit: costLimit, steps: &steps)
            guard case .bool(let holds)? = value else { return Self.failure(value) }
            if folds[k].transform == nil { return .element(.bool(holds)) }
            if !holds { return .skipped }
        }
        guard let value = folds[k].transform?.evaluate(activation, costLimit: costLimit, steps: &steps) else {
            return Self.failure(nil)
        }
        return value.isError ? Self.failure(value) : .element(value)
    }

    /// A body that did not give a usable value: its error, or for a predicate that gave another
    /// kind of value the error `||`, `&&` or `?:` gives on it.
    private static func failure(_ value: CELValue?) -> Body {
        switch value {
        case .error(let error)?:
            return .failed(error.kind == .costLimitExceeded ? nil : value)
        case let value?:
            return .failed(.error(CELError(.noSuchOverload, "no matching overload: predicate is \(value.typeName)")))
        case nil:
            return .failed(nil)
        }
    }

    private static func fold(_ running: Accumulated, _ body: Body, reduction: DayFold.Reduction) -> Accumulated {
        var next = running
        switch body {
        case .failed(let error):
            if next.error == nil { next.error = error }
            if error == nil { next.unknownFailure = true }
            next.failed = true
        case .skipped:
            break
        case .element(let value):
            switch (reduction, value) {
            case (.macro, .bool(true)), (.size, .bool(true)): next.trues += 1
            case (.macro, .bool(false)), (.size, .bool(false)): next.falses += 1
            case (.macro, _), (.size, _):
                if next.error == nil {
                    next.error = .error(CELError(.noSuchOverload, "no matching overload: predicate is \(value.typeName)"))
                }
                next.failed = true
            case (.max, _), (.min, _), (.sum, _): next.number = combine(running.number, value, reduction)
            }
        }
        return next
    }

    /// One step of CEL's `max()`, `min()` or `sum()` (a left fold: the first element, then each
    /// next one), for numbers of one kind; anything else is `unknown`.
    private static func combine(_ number: Number, _ value: CELValue, _ reduction: DayFold.Reduction) -> Number {
        switch (number, value) {
        case (.unknown, _):
            return .unknown
        case (.empty, .int(let v)):
            return .int(v)
        case (.empty, .uint(let v)):
            return .uint(v)
        case (.empty, .double(let v)):
            return v.isNaN ? .unknown : .double(v)
        case (.int(let a), .int(let b)):
            switch reduction {
            case .max: return .int(b > a ? b : a)
            case .min: return .int(b < a ? b : a)
            default:
                let (sum, overflow) = a.addingReportingOverflow(b)
                return overflow ? .unknown : .int(sum)
            }
        case (.uint(let a), .uint(let b)):
            switch reduction {
            case .max: return .uint(b > a ? b : a)
            case .min: return .uint(b < a ? b : a)
            default:
                let (sum, overflow) = a.addingReportingOverflow(b)
                return overflow ? .unknown : .uint(sum)
            }
        case (.double(let a), .double(let b)):
            guard !b.isNaN else { return .unknown }
            switch reduction {
            case .max: return .double(b > a ? b : a)
            case .min: return .double(b < a ? b : a)
            default:
                let sum = a + b
                return sum.isNaN ? .unknown : .double(sum)
            }
        default:
            return .unknown
        }
    }

    private func result(_ k: Int, _ total: Accumulated, days: Int) -> CELValue? {
        switch folds[k].reduction {
        case .macro:
            switch folds[k].shape {
            case .exists: return total.trues > 0 ? .bool(true) : (total.failed ? total.failure : .bool(false))
            case .all: return total.falses > 0 ? .bool(false) : (total.failed ? total.failure : .bool(true))
            case .existsOne: return total.failed ? total.failure : .bool(total.trues == 1)
            default: return nil
            }
        case .size:
            return total.failed ? total.failure : .int(Int64(total.trues))
        case .max, .min, .sum:
            guard !total.failed else { return total.failure }
            var number = total.number
            for value in folds[k].trailing { number = Self.combine(number, value, folds[k].reduction) }
            switch number {
            case .int(let v): return .int(v)
            case .uint(let v): return .uint(v)
            case .double(let v): return .double(v)
            case .empty, .unknown: return nil
            }
        }
    }
}
