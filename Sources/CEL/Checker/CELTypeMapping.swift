/// Substitutions for type parameters found while checking one expression, and the
/// assignability rules that grow them (cel-go's `mapping`, `isAssignable`, `mostGeneral`).
struct CELTypeMapping: Sendable {
    private var bindings: [String: CELType] = [:]

    func binding(of name: String) -> CELType? { bindings[name] }

    /// cel-go's `isAssignable(t1, t2)`: whether `t2` may be used where `t1` is expected,
    /// binding type parameters on the way. On failure the mapping is left unchanged.
    mutating func isAssignable(_ t1: CELType, from t2: CELType) -> Bool {
        var trial = self
        guard trial.internalIsAssignable(t1, t2) else { return false }
        self = trial
        return true
    }

    /// cel-go's `isAssignableList`: pairwise, all or nothing (argument types first, then the
    /// overload's parameter types).
    mutating func isAssignableList(_ list1: [CELType], _ list2: [CELType]) -> Bool {
        var trial = self
        guard trial.internalIsAssignable(list1, list2) else { return false }
        self = trial
        return true
    }

    /// `t1` accepts `t2` (argument order of cel-go's `internalIsAssignable`).
    private mutating func internalIsAssignable(_ t1: CELType, _ t2: CELType) -> Bool {
        if case .typeParam = t2 {
            let (valid, hasSubstitution) = isValidSubstitution(t1, for: t2)
            if valid { return true }
            if hasSubstitution { return false }
        }
        if case .typeParam = t1 {
            return isValidSubstitution(t2, for: t1).valid
        }
        if t1.isDynOrError || t2.isDynOrError { return true }
        if t1 == .null { return Self.isNullable(t2) }
        if t2 == .null { return Self.isNullable(t1) }
        switch (t1, t2) {
        case (.type, .type):
            return true
        case (.list, .list), (.map, .map):
            return internalIsAssignable(t1.parameters, t2.parameters)
        case (.opaque(let name1, let parameters1), .opaque(let name2, let parameters2)):
            return name1 == name2 && parameters1.count == parameters2.count && internalIsAssignable(parameters1, parameters2)
        default:
            return t1 == t2
        }
    }

    private mutating func internalIsAssignable(_ list1: [CELType], _ list2: [CELType]) -> Bool {
        guard list1.count == list2.count else { return false }
        for (t1, t2) in zip(list1, list2) where !internalIsAssignable(t1, t2) { return false }
        return true
    }

    /// Whether `type` can stand for `parameter` (binding it if free), and whether `parameter`
    /// already had a substitution.
    private mutating func isValidSubstitution(_ type: CELType, for parameter: CELType) -> (valid: Bool, hasSubstitution: Bool) {
        guard case .typeParam(let name) = parameter else { return (false, false) }
        if type == parameter { return (true, true) }
        if let current = bindings[name] {
            if type == current { return (true, true) }
            if internalIsAssignable(type, current) {
                let general = Self.mostGeneral(type, current)
                if !occurs(name, in: general) { bindings[name] = general }
                return (true, true)
            }
            return (false, true)
        }
        if !occurs(name, in: type) {
            bindings[name] = type
            return (true, false)
        }
        return (false, false)
    }

    /// Occurs check: whether type parameter `name` appears in `type` after substitution.
    private func occurs(_ name: String, in type: CELType) -> Bool {
        if case .typeParam(let other) = type {
            if other == name { return true }
            if let bound = bindings[other] { return occurs(name, in: bound) }
            return false
        }
        return type.parameters.contains { occurs(name, in: $0) }
    }

    /// Replaces bound type parameters; free ones become `dyn` when `freeToDyn`.
    func substitute(_ type: CELType, freeToDyn: Bool) -> CELType {
        substitute(type, freeToDyn: freeToDyn, budget: 64)
    }

    private func substitute(_ type: CELType, freeToDyn: Bool, budget: Int) -> CELType {
        guard budget > 0 else { return .dyn }
        if case .typeParam(let name) = type {
            if let bound = bindings[name] { return substitute(bound, freeToDyn: freeToDyn, budget: budget - 1) }
            return freeToDyn ? .dyn : type
        }
        let parameters = type.parameters
        guard !parameters.isEmpty else { return type }
        return type.withParameters(parameters.map { substitute($0, freeToDyn: freeToDyn, budget: budget - 1) })
    }

    /// The less specific of two compatible types (`dyn` and type parameters are least specific).
    static func mostGeneral(_ t1: CELType, _ t2: CELType) -> CELType {
        isEqualOrLessSpecific(t1, t2) ? t1 : t2
    }

    private static func isEqualOrLessSpecific(_ t1: CELType, _ t2: CELType) -> Bool {
        if t1 == .dyn { return true }
        if case .typeParam = t1 { return true }
        if t2 == .dyn { return false }
        if case .typeParam = t2 { return false }
        switch (t1, t2) {
        case (.list, .list), (.map, .map), (.type, .type), (.opaque, .opaque):
            let p1 = t1.parameters
            let p2 = t2.parameters
            guard p1.count == p2.count else { return false }
            return zip(p1, p2).allSatisfy { isEqualOrLessSpecific($0, $1) }
        default:
            return sameKind(t1, t2)
        }
    }

    private static func sameKind(_ t1: CELType, _ t2: CELType) -> Bool {
        switch (t1, t2) {
        case (.record, .record): return true
        default: return t1.kindName == t2.kindName
        }
    }

    /// `null` is assignable to records, abstract types, timestamps and durations (cel-go's
    /// legacy nullability, which the conformance tests rely on).
    private static func isNullable(_ type: CELType) -> Bool {
        switch type {
        case .null, .opaque, .record, .timestamp, .duration: return true
        default: return false
        }
    }
}
