/// `filter`, `map` and `transformList` expand to a fold whose accumulator only ever grows by
/// `accu + [x]`. Those folds are planned as a plain loop that appends to a local array, so the
/// accumulator never travels through a slot and the result is built in linear time.
extension CELPlanner {
    /// The shape `cond ? accu + [x] : accu` (or `accu + [x]`) over an empty-list start.
    private struct ListBuilderShape {
        var condition: CELExpr?
        var element: CELExpr
    }

    private func listBuilderShape(_ c: CELComprehension) -> ListBuilderShape? {
        guard case .list(let initial) = c.accuInit.kind, initial.isEmpty,
              case .literal(.bool(true)) = c.loopCondition.kind,
              case .ident(let resultName) = c.result.kind, resultName == c.accuVar else { return nil }
        func append(_ expr: CELExpr) -> CELExpr? {
            guard case .call(nil, "_+_", let args) = expr.kind, args.count == 2,
                  case .ident(let name) = args[0].kind, name == c.accuVar,
                  case .list(let elements) = args[1].kind, elements.count == 1 else { return nil }
            return elements[0]
        }
        var shape: ListBuilderShape
        if let element = append(c.loopStep) {
            shape = ListBuilderShape(condition: nil, element: element)
        } else if case .call(nil, "_?_:_", let args) = c.loopStep.kind, args.count == 3,
                  let element = append(args[1]), case .ident(let name) = args[2].kind, name == c.accuVar {
            shape = ListBuilderShape(condition: args[0], element: element)
        } else {
            return nil
        }
        // The accumulator must not be read anywhere else.
        if Self.mentions(shape.element, c.accuVar) || shape.condition.map({ Self.mentions($0, c.accuVar) }) == true {
            return nil
        }
        return shape
    }

    static func mentions(_ expr: CELExpr, _ name: String) -> Bool {
        if case .ident(let n) = expr.kind, n == name { return true }
        return expr.children.contains { mentions($0, name) }
    }

    /// The condition and element steps, planned with the iteration variables in scope, and the
    /// locals those variables take.
    private mutating func planListBuilderBody(_ c: CELComprehension, _ shape: ListBuilderShape)
        -> (iterLocal: Int, iter2Local: Int?, condition: CELStep, element: CELStep) {
        let iterLocal = localCount
        let iter2Local = c.iterVar2 == nil ? nil : localCount + 1
        localCount += c.iterVar2 == nil ? 1 : 2
        let savedScopes = scopes
        scopes.append((c.iterVar, iterLocal))
        if let name = c.iterVar2, let local = iter2Local { scopes.append((name, local)) }
        // A non-optional closure avoids reabstraction thunks on every call.
        var condition: CELStep = { _ in .bool(true) }
        if let expr = shape.condition { condition = plan(expr).step }
        let element = plan(shape.element).step
        scopes = savedScopes
        return (iterLocal, iter2Local, condition, element)
    }

    mutating func planListBuilder(_ c: CELComprehension) -> Node? {
        guard let shape = listBuilderShape(c) else { return nil }
        let range = plan(c.iterRange).step
        let body = planListBuilderBody(c, shape)
        let (hasCondition, condition, element) = (shape.condition != nil, body.condition, body.element)
        let iterSlot = localSlot(body.iterLocal)
        let iter2Slot = body.iter2Local.map { localSlot($0) }
        let iterationCost = 1 + c.loopStep.nodeCount(loopBodies: false)

        return Node(step: { frame in
            let rangeValue = range(&frame)
            var result: [CELValue] = []
            // One element: nil to go on, or the value that ends the fold (an error).
            func visit(_ frame: inout CELFrame) -> CELValue? {
                guard frame.charge(iterationCost) else { return .error(CELFrame.costError) }
                if hasCondition {
                    switch condition(&frame) {
                    case .bool(true): break
                    case .bool(false): return nil
                    case let other:
                        if case .error = other { return other }
                        return .error(.noOverload("_?_:_", other))
                    }
                }
                let value = element(&frame)
                if case .error = value { return value }
                result.append(value)
                return nil
            }
            switch rangeValue {
            case .list(let list):
                result.reserveCapacity(hasCondition ? 0 : list.count)
                var stop: CELValue?
                frame.forEach(in: list, slot: iter2Slot ?? iterSlot, indexSlot: iter2Slot == nil ? nil : iterSlot) { frame in
                    stop = visit(&frame)
                    return stop == nil
                }
                if let stop { return stop }
            case .map(let map):
                let keys = map.storage.keys
                for position in keys.indices {
                    frame.slots[iterSlot] = keys[position].value
                    if let iter2Slot { frame.slots[iter2Slot] = map.storage.value(at: position) }
                    if let stop = visit(&frame) { return stop }
                }
            case .error:
                return rangeValue
            default:
                return .error(CELError(.noSuchOverload, "cannot iterate over \(rangeValue.typeName)"))
            }
            return .list(CELList(result))
        }, constant: nil)
    }
}
