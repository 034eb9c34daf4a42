import CEL
import Facts

extension EventFoldTable {
    /// Extends the table by source elements after the ones it holds, one by one: the table then
    /// holds what tabulating the longer source gives (bodies are judged per element, as the
    /// tabulation does when its batch fails; a batch gives the same values).
    mutating func append(_ source: some Sequence<CELValue>, fold: EventFold, costLimit: Int) {
        for element in source {
            let index = sourceCount
            sourceCount += 1
            switch shape {
            case .count, .daily:
                continue  // a daily fold takes its events with their days (`appendDaily`)
            case .reduction:
                running?.append(element)
                copiedAppends.append(running?.value ?? .null, to: &reduced)
            case .all(let predicate), .exists(let predicate):
                // Past the deciding element the value stands: nothing more is judged.
                guard firstDecisive == nil else { continue }
                let decisive: Bool = if case .all = shape { false } else { true }
                let value = Self.body(fold.elementPredicate, binding: fold.elementBinding, element, costLimit: costLimit, body: predicate)
                if case .bool(let flag) = value {
                    if flag == decisive { firstDecisive = index }
                } else {
                    noteError(value, at: index, notBool: true)
                }
            case .existsOne(let predicate):
                var count = producedBefore.last ?? 0
                let value = Self.body(fold.elementPredicate, binding: fold.elementBinding, element, costLimit: costLimit, body: predicate)
                if case .bool(let flag) = value {
                    if flag { count += 1 }
                } else {
                    noteError(value, at: index, notBool: true)
                }
                copiedAppends.append(count, to: &producedBefore)
            case .filter(let predicate), .mapFiltered(let predicate, _):
                appendFiltered(element, at: index, fold: fold, predicate: predicate, costLimit: costLimit)
            case .map(let transform):
                if firstError == nil {
                    let value = Self.body(fold.elementTransform, binding: fold.elementBinding, element, costLimit: costLimit, body: transform)
                    if value.isError { noteError(value, at: index, notBool: false) } else { copiedAppends.append(value, to: &outputs) }
                }
                copiedAppends.append(Int32(outputs.count), to: &producedBefore)
            }
        }
    }

    /// Extends the table by one event on which the predicate is false (its type guard failed):
    /// what `append` does with a false predicate, without evaluating it.
    mutating func appendFalsePredicate(fold: EventFold) {
        sourceCount += 1
        switch shape {
        case .all:
            // A false element decides `all`.
            if firstDecisive == nil { firstDecisive = sourceCount - 1 }
        case .exists:
            break
        case .existsOne, .filter, .mapFiltered:
            copiedAppends.append(producedBefore.last ?? 0, to: &producedBefore)
        case .count, .reduction, .map, .daily:
            break
        }
    }

    /// Extends the table by one event on which the predicate is true (it is the type comparison
    /// alone, and the type matched): what `append` does with a true predicate, without evaluating it.
    mutating func appendTruePredicate(_ element: CELValue, fold: EventFold, costLimit: Int) {
        let index = sourceCount
        sourceCount += 1
        switch shape {
        case .exists:
            if firstDecisive == nil { firstDecisive = index }
        case .all:
            break
        case .existsOne:
            copiedAppends.append((producedBefore.last ?? 0) + 1, to: &producedBefore)
        case .filter:
            var kept = producedBefore.last ?? 0
            if firstError == nil {
                kept += 1
                copiedAppends.append(element, to: &outputs)
            }
            copiedAppends.append(kept, to: &producedBefore)
        case .mapFiltered(_, let transform):
            var kept = producedBefore.last ?? 0
            if firstError == nil {
                kept += 1
                let value = Self.body(fold.elementTransform, binding: fold.elementBinding, element, costLimit: costLimit,
                                      body: transform)
                if value.isError { noteError(value, at: index, notBool: false) } else { copiedAppends.append(value, to: &outputs) }
            }
            copiedAppends.append(kept, to: &producedBefore)
        case .count, .reduction, .map, .daily:
            break
        }
    }

    /// Extends a daily fold's table by one event on `day` (`DailyFoldTable.noDay` when late).
    mutating func appendDaily(_ event: CELValue, day: Int32) {
        sourceCount += 1
        daily?.append(event, day: day)
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
    private mutating func appendFiltered(_ element: CELValue, at index: Int, fold: EventFold, predicate: CELExpr,
                                         costLimit: Int) {
        var kept = Int32(producedBefore.last ?? 0)
        let keep = Self.body(fold.elementPredicate, binding: fold.elementBinding, element, costLimit: costLimit, body: predicate)
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
