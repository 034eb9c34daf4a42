/// The list extensions `sum()`, `min()` and `max()`.
enum CELListAggregate {
    /// Sum of a list of numbers of one kind; `emptyValue` for an empty list (0 of the element
    /// type the checker knows, else int 0). Int and uint overflow are errors.
    static func sum(_ value: CELValue, emptyValue: CELValue) -> CELValue {
        guard case .list(let list) = value else { return .error(.noOverload("sum", value)) }
        guard var total = list.first else { return emptyValue }
        switch total {
        case .int, .uint, .double, .duration: break
        default: return .error(.noOverload("sum", value))
        }
        for element in list.dropFirst() {
            switch (total, element) {
            case (.int, .int), (.uint, .uint), (.double, .double), (.duration, .duration):
                total = CELValue.add(total, element)
                if case .error = total { return total }
            default:
                return .error(CELError(.noSuchOverload, "sum: list mixes \(total.typeName) and \(element.typeName)"))
            }
        }
        return total
    }

    /// The least (or greatest) element; an empty list is an error. Numbers of different kinds
    /// compare by value; other kinds must be ordered and alike.
    static func extreme(_ value: CELValue, name: String, wantLess: Bool) -> CELValue {
        guard case .list(let list) = value else { return .error(.noOverload(name, value)) }
        guard var best = list.first else { return .error(CELError(.invalidArgument, "\(name)() of an empty list")) }
        if case .error = best { return best }
        for element in list.dropFirst() {
            if case .error = element { return element }
            guard let order = CELValue.ordering(element, best) else {
                return .error(CELError(.noSuchOverload, "\(name): cannot compare \(element.typeName) with \(best.typeName)"))
            }
            if (wantLess && order == .less) || (!wantLess && order == .greater) { best = element }
        }
        if case .list = best { return .error(.noOverload(name, value)) }
        return best
    }
}
