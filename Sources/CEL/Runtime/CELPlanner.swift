/// Turns an AST into closures once. Names are resolved here (comprehension variables to
/// frame slots, checked variables to slots filled once per evaluation, unchecked names to a
/// list of candidate qualified names), functions to their implementations, constant
/// sub-expressions are folded, and common typed shapes (`x >= 600`, `s == "a"`, the
/// accumulator append of `filter`/`map`) get dedicated closures.
struct CELPlanner {
    /// A planned node and, when it is a constant, its value.
    struct Node {
        var step: CELStep
        var constant: CELValue?
        /// Set when the node only reads a frame slot (a variable or comprehension variable).
        var slot: Int?

        static func constant(_ value: CELValue) -> Node {
            Node(step: { _ in value }, constant: value)
        }
    }

    let checked: CELCheckedAST?
    let container: String
    let traced: Bool
    /// Counts the outcomes of the nodes it watches; `nil` on the normal path.
    let probe: CELOutcomeProbe?
    /// Whether every node is kept as written (no constant folding, no fused shortcuts): a trace
    /// records every node, a probe counts the nodes it watches where they are evaluated.
    var keepsNodes: Bool { traced || probe != nil }
    var variableNames: [String] = []
    var variableSlots: [String: Int] = [:]
    var localCount = 0
    /// Comprehension variables in scope, innermost last: name → local index.
    var scopes: [(name: String, local: Int)] = []
    /// The accumulator of the comprehension whose loop step is being planned.
    var accumulatorLocal: Int?
    var accumulatorName: String?

    init(checked: CELCheckedAST?, container: String, traced: Bool, probe: CELOutcomeProbe? = nil) {
        self.checked = checked
        self.container = container
        self.traced = traced
        self.probe = probe
        if let checked {
            var names = Set<String>()
            for reference in checked.references.values {
                if case .variable(let name) = reference { names.insert(name) }
            }
            variableNames = names.sorted()
            for (i, name) in variableNames.enumerated() { variableSlots[name] = i }
        }
    }

    /// Slots a frame needs: global variables first, then comprehension locals.
    var slotCount: Int { variableNames.count + localCount }

    func localSlot(_ local: Int) -> Int { variableNames.count + local }

    // MARK: nodes

    mutating func plan(_ expr: CELExpr) -> Node {
        var node = planUntraced(expr)
        if let probe, probe.watched.contains(expr.id) {
            let id = expr.id
            let inner = node.step
            node = Node(step: { frame in
                let value = inner(&frame)
                probe.record(id, value)
                return value
            }, constant: nil)
        }
        guard traced else { return node }
        let id = expr.id
        let inner = node.step
        return Node(step: { frame in
            let value = inner(&frame)
            frame.trace?.values[id] = value
            return value
        }, constant: nil)
    }

    mutating func planUntraced(_ expr: CELExpr) -> Node {
        switch expr.kind {
        case .literal(let literal):
            return .constant(Self.value(of: literal))
        case .ident(let name):
            return planIdent(name, id: expr.id)
        case .select(let operand, let field, let testOnly):
            return planSelect(expr, operand: operand, field: field, testOnly: testOnly)
        case .call(let target, let function, let args):
            return planCall(expr, target: target, function: function, args: args)
        case .list(let elements):
            return planList(elements)
        case .map(let entries):
            return planMap(entries)
        case .comprehension(let comprehension):
            return planComprehension(comprehension)
        }
    }

    static func value(of literal: CELLiteral) -> CELValue {
        switch literal {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .uint(let u): .uint(u)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .bytes(let b): .bytes(b)
        }
    }

    // MARK: names

    func local(named name: String) -> Int? {
        scopes.last { $0.name == name }?.local
    }

    func readLocal(_ local: Int) -> Node {
        let slot = localSlot(local)
        return Node(step: { frame in frame.slots[slot] }, constant: nil, slot: slot)
    }

    func readVariable(_ name: String) -> Node? {
        guard let slot = variableSlots[name] else { return nil }
        return Node(step: { frame in frame.slots[slot] }, constant: nil, slot: slot)
    }

    /// What the checker resolved a name to, if that settles it: a declared variable, a constant or
    /// a type name. `nil` falls back to dynamic name resolution.
    func plan(_ reference: CELReference) -> Node? {
        switch reference {
        case .variable(let qualified): readVariable(qualified)
        case .constant(let literal): .constant(Self.value(of: literal))
        case .typeName(let type): .constant(.type(type))
        case .overloads: nil
        }
    }

    mutating func planIdent(_ name: String, id: CELExprID) -> Node {
        if let local = local(named: name) { return readLocal(local) }
        if let reference = checked?.references[id], let node = plan(reference) { return node }
        return planDynamicName([name])
    }

    /// Candidate qualified names for `name` inside the container, most specific first
    /// (langdef "Name Resolution").
    func candidates(_ name: String) -> [String] {
        if name.hasPrefix(".") { return [String(name.dropFirst())] }
        var result: [String] = []
        var prefix = container
        while !prefix.isEmpty {
            result.append(prefix + "." + name)
            if let dot = prefix.lastIndex(of: ".") { prefix = String(prefix[..<dot]) } else { prefix = "" }
        }
        result.append(name)
        return result
    }

    static let typeNames: [String: CELType] = [
        "int": .int, "uint": .uint, "double": .double, "bool": .bool, "string": .string, "bytes": .bytes,
        "list": .list(.dyn), "map": .map(.dyn, .dyn), "null_type": .null, "type": .type(.dyn),
        "google.protobuf.Timestamp": .timestamp, "google.protobuf.Duration": .duration,
        CELOptionalSyntax.typeName: CELOptionalSyntax.type(.dyn),
    ]

    /// `parts` joined by dots, written out by hand: the standard library's `joined` runs
    /// unspecialized here and looks its collection's conformances up at run time.
    static func dotted(_ parts: ArraySlice<String>) -> String {
        var name = "", first = true
        for part in parts {
            if !first { name += "." }
            first = false
            name += part
        }
        return name
    }

    /// Resolves a dotted name at run time against the activation: the longest qualified name
    /// bound wins, the remaining parts are field selections. Type names are the fallback.
    func planDynamicName(_ parts: [String], testOnlyLast: Bool = false) -> Node {
        var options: [(name: CELFieldKey, rest: [CELFieldKey])] = []
        for k in stride(from: parts.count, through: 1, by: -1) {
            let head = Self.dotted(parts[0..<k])
            for candidate in candidates(head) {
                options.append((CELFieldKey(candidate), parts[k...].map(CELFieldKey.init)))
            }
        }
        var typeFallback: CELValue?
        let fullName = Self.dotted(parts[...])
        for candidate in candidates(fullName) {
            if let type = Self.typeNames[candidate] {
                typeFallback = .type(type)
                break
            }
        }
        let missing = CELValue.error(CELError(.noSuchVariable,
            "undeclared reference to '\(fullName)' (in container '\(container)')"))
        let fallback = typeFallback ?? missing
        let resolutions = options
        return Node(step: { frame in
            for option in resolutions {
                guard var value = frame.activation.pointee.value(for: option.name) else { continue }
                for (i, field) in option.rest.enumerated() {
                    let last = i == option.rest.count - 1
                    value = last && testOnlyLast ? CELPlanner.hasField(value, field) : CELPlanner.select(value, field)
                }
                return value
            }
            return fallback
        }, constant: nil)
    }

    /// The parts of `a.b.c` when it is a chain of selections on an identifier that is not a
    /// comprehension variable.
    func qualifiedParts(_ expr: CELExpr) -> [String]? {
        switch expr.kind {
        case .ident(let name):
            return local(named: name) == nil ? [name] : nil
        case .select(let operand, let field, false):
            guard let parts = qualifiedParts(operand) else { return nil }
            return parts + [field]
        default:
            return nil
        }
    }

    // MARK: select

    static func select(_ value: CELValue, _ field: String) -> CELValue {
        select(value, CELFieldKey(field))
    }

    static func select(_ value: CELValue, _ field: CELFieldKey) -> CELValue {
        switch value {
        case .map(let map):
            if let found = map.storage.value(for: field) { return found }
            return .error(CELError(.noSuchKey, "no such key: '\(field.name)'", missingFrom: map))
        case .optional:
            // Chaining: a field of an optional is optional (absent: `optional.none()`).
            return CELOptionalLibrary.select(value, field.name)
        case .error:
            return value
        default:
            return .error(CELError(.noSuchField, "type '\(value.typeName)' does not support field selection"))
        }
    }

    static func hasField(_ value: CELValue, _ field: CELFieldKey) -> CELValue {
        switch value {
        case .map(let map): return .bool(map.storage.value(for: field) != nil)
        case .optional(let wrapped): return wrapped.map { hasField($0, field) } ?? .bool(false)
        case .error: return value
        default: return .error(CELError(.noSuchField, "type '\(value.typeName)' does not support field selection"))
        }
    }

    mutating func planSelect(_ expr: CELExpr, operand: CELExpr, field: String, testOnly: Bool) -> Node {
        if !testOnly, let reference = checked?.references[expr.id], let node = plan(reference) { return node }
        if checked == nil, let parts = qualifiedParts(operand) {
            return planDynamicName(parts + [field], testOnlyLast: testOnly)
        }
        let base = plan(operand)
        // Fingerprinted once, here: not at every evaluation.
        let key = CELFieldKey(field)
        if testOnly {
            let step = base.step
            return Node(step: { frame in CELPlanner.hasField(step(&frame), key) }, constant: nil)
        }
        if let slot = base.slot {
            return Node(step: { frame in
                if let found = CELFieldAccess.value(frame.slots.address(slot), key) { return found }
                return CELPlanner.select(frame.slots[slot], key)
            }, constant: nil)
        }
        let step = base.step
        return Node(step: { frame in
            let value = step(&frame)
            if case .map(let map) = value, let found = map.storage.value(for: key) { return found }
            return CELPlanner.select(value, key)
        }, constant: nil)
    }

    // MARK: collections

    /// Whether a list element or map value is marked optional (`[?x]`, `{?k: v}`): it is left
    /// out when its value is `optional.none()` and unwrapped otherwise.
    static func isOptionalMarked(_ expr: CELExpr, _ marker: String) -> Bool {
        if case .call(nil, let function, let args) = expr.kind, function == marker, args.count == 1 { return true }
        return false
    }

    /// Unwraps a marked element: `nil` to leave it out, or the error it becomes.
    static func unwrapMarked(_ value: CELValue) -> Result<CELValue?, CELError> {
        switch value {
        case .optional(let wrapped): return .success(wrapped)
        case .error(let error): return .failure(error)
        default: return .failure(CELError(.noSuchOverload, "an optional element or entry must be an optional value, not \(value.typeName)"))
        }
    }

    static func listValue(_ values: [CELValue], optional: [Bool]) -> CELValue {
        var result: [CELValue] = []
        result.reserveCapacity(values.count)
        for (value, isOptional) in zip(values, optional) {
            if case .error = value { return value }
            guard isOptional else {
                result.append(value)
                continue
            }
            switch unwrapMarked(value) {
            case .success(let unwrapped): if let unwrapped { result.append(unwrapped) }
            case .failure(let error): return .error(error)
            }
        }
        return .list(CELList(result))
    }

    mutating func planList(_ elements: [CELExpr]) -> Node {
        let nodes = elements.map { plan($0) }
        let optional = elements.map { Self.isOptionalMarked($0, CELOptionalSyntax.element) }
        if !keepsNodes, nodes.allSatisfy({ $0.constant != nil }) {
            return .constant(Self.listValue(nodes.compactMap(\.constant), optional: optional))
        }
        let steps = nodes.map(\.step)
        let hasOptional = optional.contains(true)
        return Node(step: { frame in
            var values: [CELValue] = []
            values.reserveCapacity(steps.count)
            for step in steps {
                let value = step(&frame)
                if case .error = value { return value }
                values.append(value)
            }
            return hasOptional ? Self.listValue(values, optional: optional) : .list(CELList(values))
        }, constant: nil)
    }

    static func mapValue(keys: [CELValue], values: [CELValue], optional: [Bool]) -> CELValue {
        guard optional.contains(true) else { return CELMap.literal(keys: keys, values: values) }
        var keptKeys: [CELValue] = []
        var keptValues: [CELValue] = []
        for (i, key) in keys.enumerated() {
            if case .error = key { return key }
            guard optional[i] else {
                keptKeys.append(key)
                keptValues.append(values[i])
                continue
            }
            switch unwrapMarked(values[i]) {
            case .success(let unwrapped):
                if let unwrapped {
                    keptKeys.append(key)
                    keptValues.append(unwrapped)
                }
            case .failure(let error): return .error(error)
            }
        }
        return CELMap.literal(keys: keptKeys, values: keptValues)
    }

    mutating func planMap(_ entries: [CELMapEntry]) -> Node {
        let keys = entries.map { plan($0.key) }
        let values = entries.map { plan($0.value) }
        let optional = entries.map { Self.isOptionalMarked($0.value, CELOptionalSyntax.entry) }
        if !keepsNodes, keys.allSatisfy({ $0.constant != nil }), values.allSatisfy({ $0.constant != nil }) {
            return .constant(Self.mapValue(keys: keys.compactMap(\.constant), values: values.compactMap(\.constant),
                                           optional: optional))
        }
        let keySteps = keys.map(\.step)
        let valueSteps = values.map(\.step)
        return Node(step: { frame in
            var k: [CELValue] = []
            var v: [CELValue] = []
            k.reserveCapacity(keySteps.count)
            v.reserveCapacity(keySteps.count)
            for (keyStep, valueStep) in zip(keySteps, valueSteps) {
                let key = keyStep(&frame)
                if case .error = key { return key }
                let value = valueStep(&frame)
                if case .error = value { return value }
                k.append(key)
                v.append(value)
            }
            return Self.mapValue(keys: k, values: v, optional: optional)
        }, constant: nil)
    }

    // MARK: comprehensions

    /// A comprehension's condition, step and result, each planned with the variables it sees in
    /// scope (the iteration variables and the accumulator; the result sees only the
    /// accumulator), and the locals those variables take.
    private mutating func planComprehensionParts(_ c: CELComprehension)
        -> (iterLocal: Int, iter2Local: Int?, accuLocal: Int, condition: Node, loopStep: CELStep, result: CELStep) {
        let iterLocal = localCount
        let iter2Local = c.iterVar2 == nil ? nil : localCount + 1
        let accuLocal = localCount + (c.iterVar2 == nil ? 1 : 2)
        localCount += c.iterVar2 == nil ? 2 : 3

        let savedScopes = scopes
        let savedAccumulator = (accumulatorLocal, accumulatorName)
        scopes.append((c.accuVar, accuLocal))
        scopes.append((c.iterVar, iterLocal))
        if let name = c.iterVar2, let local = iter2Local { scopes.append((name, local)) }
        accumulatorLocal = accuLocal
        accumulatorName = c.accuVar
        let condition = plan(c.loopCondition)
        let loopStep = plan(c.loopStep).step
        accumulatorLocal = nil
        accumulatorName = nil
        scopes = savedScopes
        scopes.append((c.accuVar, accuLocal))
        let result = plan(c.result).step
        scopes = savedScopes
        (accumulatorLocal, accumulatorName) = savedAccumulator
        return (iterLocal, iter2Local, accuLocal, condition, loopStep, result)
    }

    mutating func planComprehension(_ c: CELComprehension) -> Node {
        // Also on the traced path: the loop's own nodes are recorded, only the macro's
        // accumulator plumbing is not.
        if let listBuilder = planListBuilder(c) { return listBuilder }
        let range = plan(c.iterRange).step
        let initial = plan(c.accuInit).step
        let parts = planComprehensionParts(c)
        let (condition, loopStep, result) = (parts.condition, parts.loopStep, parts.result)
        let iterSlot = localSlot(parts.iterLocal)
        let iter2Slot = parts.iter2Local.map { localSlot($0) }
        let accuSlot = localSlot(parts.accuLocal)
        let iterationCost = 1 + c.loopCondition.nodeCount(loopBodies: false) + c.loopStep.nodeCount(loopBodies: false)
        let alwaysTrue: Bool = if case .bool(true)? = condition.constant { true } else { false }
        let conditionStep = condition.step

        return Node(step: { frame in
            let rangeValue = range(&frame)
            frame.slots[accuSlot] = initial(&frame)
            // One iteration: false once the loop must stop.
            func iterate(_ frame: inout CELFrame) -> Bool {
                guard frame.charge(iterationCost) else { return false }
                if !alwaysTrue {
                    guard case .bool(true) = conditionStep(&frame) else { return false }
                }
                frame.slots[accuSlot] = loopStep(&frame)
                return true
            }
            switch rangeValue {
            case .list(let list):
                frame.forEach(in: list, slot: iter2Slot ?? iterSlot, indexSlot: iter2Slot == nil ? nil : iterSlot) { frame in
                    iterate(&frame)
                }
            case .map(let map):
                let keys = map.storage.keys
                for position in keys.indices {
                    frame.slots[iterSlot] = keys[position].value
                    if let iter2Slot { frame.slots[iter2Slot] = map.storage.value(at: position) }
                    if !iterate(&frame) { break }
                }
            case .error:
                return rangeValue
            default:
                return .error(CELError(.noSuchOverload, "cannot iterate over \(rangeValue.typeName)"))
            }
            if frame.exceeded { return .error(CELFrame.costError) }
            let value = result(&frame)
            frame.slots[accuSlot] = .null
            return value
        }, constant: nil)
    }
}
