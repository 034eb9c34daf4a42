/// The list extensions `sum()`, `min()` and `max()`.
///
/// State files are JSON, where a number is an int only when it is whole, so a list of
/// minutes may hold `25` and `25.5`: a list that mixes int, uint and double sums and compares
/// by value and gives a double (docs/guide.md, "Numbers"). A list of one numeric kind keeps it.
enum CELListAggregate {
    /// Sum of a list of numbers (or of durations); `emptyValue` for an empty list (0 of the
    /// element type the checker knows, else int 0). Int and uint overflow are errors.
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
                guard let mixed = mixedSum(list) else {
                    return .error(CELError(.noSuchOverload, "sum: list mixes \(total.typeName) and \(element.typeName)"))
                }
                return .double(mixed)
            }
        }
        return total
    }

    /// The sum as a double when every element is an int, uint or double; `nil` otherwise.
    private static func mixedSum(_ list: CELList) -> Double? {
        var total = 0.0
        for element in list {
            guard let number = element.numericDouble else { return nil }
            total += number
        }
        return total
    }

    /// The least (or greatest) element; an empty list is an error. Numbers of different kinds
    /// compare by value and the result is then a double; other kinds must be ordered and alike.
    static func extreme(_ value: CELValue, name: String, wantLess: Bool) -> CELValue {
        guard case .list(let list) = value else { return .error(.noOverload(name, value)) }
        guard var best = list.first else { return .error(CELError(.invalidArgument, "\(name)() of an empty list")) }
        if case .error = best { return best }
        var mixesNumbers = false
        for element in list.dropFirst() {
            if case .error = element { return element }
            guard let order = CELValue.ordering(element, best) else {
                return .error(CELError(.noSuchOverload, "\(name): cannot compare \(element.typeName) with \(best.typeName)"))
            }
            if !mixesNumbers, element.numericDouble != nil, element.runtimeType != best.runtimeType { mixesNumbers = true }
            if (wantLess && order == .less) || (!wantLess && order == .greater) { best = element }
        }
        if case .list = best { return .error(.noOverload(name, value)) }
        if mixesNumbers, let number = best.numericDouble { return .double(number) }
        return best
    }
}

extension CELValue {
    /// The value of an int, uint or double as a double; `nil` for every other kind.
    var numericDouble: Double? {
        switch self {
        case .int(let i): Double(i)
        case .uint(let u): Double(u)
        case .double(let d): d
        default: nil
        }
    }
}
