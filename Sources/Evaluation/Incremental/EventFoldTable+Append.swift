import CEL
import Facts

extension EventFoldTable {
    /// Extends the table by source elements after the ones it holds, one by one: the table then
    /// holds what tabulating the longer source gives (bodies are judged per element, as the
    /// tabulation does when its batch fails; a batch gives the same values).
    mutating func append(_ source: some Sequence<CELValue>, fold: EventFold, costLimit: Int) {
        for element in source {
            switch shape {
            case .count, .daily:
                sourceCount += 1  // a daily fold takes its events with their days (`appendDaily`)
            case .reduction:
                sourceCount += 1
                running?.append(element)
                copiedAppends.append(running?.value ?? .null, to: &reduced)
            case .map(let transform):
                let index = sourceCount
                sourceCount += 1
                if firstError == nil {
                    let value = Self.body(fold.elementTransform, binding: fold.elementBinding, element, costLimit: costLimit, body: transform)
                    if value.isError { noteError(value, at: index, notBool: false) } else { copiedAppends.append(value, to: &outputs) }
                }
                copiedAppends.append(Int32(outputs.count), to: &producedBefore)
            case .all(let predicate), .exists(let predicate), .existsOne(let predicate), .filter(let predicate),
                 .mapFiltered(let predicate, _):
                // Past the deciding element of `all`/`exists` the value stands: nothing more is judged.
                let decided: Bool = switch shape {
                case .all, .exists: firstDecisive != nil
                default: false
                }
                let value: CELValue = decided ? .bool(false) : Self.body(fold.elementPredicate, binding: fold.elementBinding,
                                                                          element, costLimit: costLimit, body: predicate)
                appendJudged(element, predicate: value, fold: fold, costLimit: costLimit)
            }
        }
    }

    /// Extends the table by one element whose predicate value is known: evaluated by `append`,
    /// or told by the event's type (`EventFold.typeGuard`: false on another type, true when the
    /// type comparison is the whole predicate).
    mutating func appendJudged(_ element: CELValue, predicate value: CELValue, fold: EventFold, costLimit: Int) {
        let index = sourceCount
        sourceCount += 1
        switch shape {
        case .all, .exists:
            guard firstDecisive == nil else { return }
            let decisive: Bool = if case .all = shape { false } else { true }
            if case .bool(let flag) = value {
                if flag == decisive { firstDecisive = index }
            } else {
                noteError(value, at: index, notBool: true)
            }
        case .existsOne:
            var count = producedBefore.last ?? 0
            if case .bool(let flag) = value {
                if flag { count += 1 }
            } else {
                noteError(value, at: index, notBool: true)
            }
            copiedAppends.append(count, to: &producedBefore)
        case .filter, .mapFiltered:
            appendFiltered(element, at: index, keep: value, fold: fold, costLimit: costLimit)
        case .count, .reduction, .map, .daily:
            break
        }
    }

    /// Extends a daily fold's table by one event on `day` (`DailyFoldTable.noDay` when late).
    /// `known`: what the event contributes, read from the chain's tables (else evaluated).
    mutating func appendDaily(_ event: CELValue, day: Int32, known: DailyFold.Contribution? = nil) {
        sourceCount += 1
        if let known {
            daily?.append(day: day) { known }
        } else {
            daily?.append(event, day: day)
        }
    }

    /// Makes room for `extra` more source elements in the arrays `append` grows.
    mutating func reserve(_ extra: Int) {
        switch shape {
        case .count, .all, .exists, .daily:
            return
        case .reduction:
            reduced.reserveCapacity(reduced.count + extra)
        case .existsOne:
            producedBefore.reserveCapacity(producedBefore.count + extra)
        case .filter, .map, .mapFiltered:
            producedBefore.reserveCapacity(producedBefore.count + extra)
            outputs.reserveCapacity(outputs.count + extra)
        }
    }

    /// One element of a `filter` (or `filter` then `map`): kept when the predicate holds and
    /// nothing failed before it, mapped when the fold maps.
    private mutating func appendFiltered(_ element: CELValue, at index: Int, keep: CELValue, fold: EventFold, costLimit: Int) {
        var kept = Int32(producedBefore.last ?? 0)
        if case .bool(let flag) = keep {
            if flag && firstError == nil {
                kept += 1
                if case .mapFiltered(_, let transform) = shape {
                    let value = Self.body(fold.elementTransform, binding: fold.elementBinding, element, costLimit: costLimit,
                                          body: transform)
                    if value.isError { noteError(value, at: index, notBool: false) } else { copiedAppends.append(value, to: &outputs) }
                } else {
                    copiedAppends.append(element, to: &outputs)
                }
            }
        } else {
            noteError(keep, at: index, notBool: true)
        }
        copiedAppends.append(kept, to: &producedBefore)
    }

    /// Keeps the first failure (a body that failed, or a predicate that gave no bool).
    private mutating func noteError(_ value: CELValue, at index: Int, notBool: Bool) {
        guard firstError.map({ index < $0 }) ?? true else { return }
        firstError = index
        error = value.isError || !notBool ? value : .error(CELError(.noSuchOverload, "predicate is not a bool"))
    }

    /// The body's value for one element.
    private static func body(_ element: CELProgram?, binding: CELRecordShape, _ value: CELValue, costLimit: Int,
                             body: CELExpr) -> CELValue {
        guard let element else { return .error(CELError(.other, "fold body could not be planned")) }
        return element.evaluate(CELActivation(shape: binding, values: [value]), costLimit: costLimit)
    }
}
