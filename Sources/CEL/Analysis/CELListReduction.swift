/// A call of the list extensions `sum()`, `min()` or `max()` on a list, recognized on a checked
/// AST, with a running form: a host that holds a list growing element by element (a tabulated
/// fold's prefixes) keeps the reduction of every prefix as the elements arrive, instead of
/// reducing the whole list again each time it grows.
///
/// The running value of a prefix is exactly what the call gives on that prefix: the same value,
/// the same errors (int and uint overflow, an empty `min()`/`max()`, elements that do not
/// compare), and a double when numbers of different kinds are mixed.
package struct CELListReduction: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case sum, min, max
    }

    /// The kinds of zero an empty `sum()` gives.
    enum Zero: Sendable, Hashable {
        case int, uint, double, duration
    }

    package let kind: Kind
    /// `sum()` of an empty list: 0 of the element type the checker gave the list.
    let zero: Zero

    var emptySum: CELValue {
        switch zero {
        case .int: .int(0)
        case .uint: .uint(0)
        case .double: .double(0)
        case .duration: .duration(CELDuration(seconds: 0))
        }
    }

    /// The reduction `node` is, with its list operand (as rewritten so far), or `nil` when the
    /// node is anything else — including a call the checker resolved to another overload.
    package static func match(_ node: CELExpr, checked: CELCheckedAST) -> (reduction: CELListReduction, list: CELExpr)? {
        guard case .call(let target?, let function, let args) = node.kind, args.isEmpty,
              let kind = Kind(rawValue: function) else { return nil }
        guard case .overloads(let ids)? = checked.references[node.id], !ids.isEmpty,
              ids.allSatisfy({ $0.hasPrefix("\(function)_list_") }) else { return nil }
        // The planner gives an empty sum 0 of the list's element type, which is the call's type.
        let zero: Zero = switch checked.types[node.id] {
        case .double?: .double
        case .uint?: .uint
        case .duration?: .duration
        default: .int
        }
        return (CELListReduction(kind: kind, zero: zero), target)
    }

    /// The reduction of every prefix of a list, kept as elements are appended.
    package struct Running: Sendable {
        let reduction: CELListReduction
        /// The elements seen so far.
        private(set) var count = 0
        /// `sum`: the total of the elements of the first one's kind, until another kind appears;
        /// `min`/`max`: the best element so far.
        private var total: CELValue = .null
        /// A failure every longer prefix keeps (an overflow, elements that do not compare).
        private var failure: CELValue?
        /// `sum`: the first element of another kind than the first's, as the error names it.
        private var mismatch: (total: CELValue, element: CELValue)?
        /// `sum`: every element as a double, added in order, while all are numbers.
        private var doubles = 0.0
        private var allNumbers = true
        /// `min`/`max`: whether numbers of different kinds were compared.
        private var mixesNumbers = false

        package init(_ reduction: CELListReduction) {
            self.reduction = reduction
        }

        /// The call's value on the elements appended so far.
        package var value: CELValue {
            if let failure { return failure }
            switch reduction.kind {
            case .sum:
                guard count > 0 else { return reduction.emptySum }
                guard let mismatch else { return total }
                if allNumbers { return .double(doubles) }
                return .error(CELError(.noSuchOverload, "sum: list mixes \(mismatch.total.typeName) and \(mismatch.element.typeName)"))
            case .min, .max:
                guard count > 0 else { return .error(CELError(.invalidArgument, "\(reduction.kind.rawValue)() of an empty list")) }
                if case .list = total { return .error(.noOverload(reduction.kind.rawValue, .list(CELList([])))) }
                if mixesNumbers, let number = total.numericDouble { return .double(number) }
                return total
            }
        }

        package mutating func append(_ element: CELValue) {
            count += 1
            guard failure == nil else { return }
            switch reduction.kind {
            case .sum: appendToSum(element)
            case .min, .max: appendToExtreme(element, wantLess: reduction.kind == .min)
            }
        }

        private mutating func appendToSum(_ element: CELValue) {
            if let number = element.numericDouble { doubles += number } else { allNumbers = false }
            guard count > 1 else {
                switch element {
                case .int, .uint, .double, .duration: total = element
                default: failure = .error(.noOverload("sum", .list(CELList([]))))
                }
                return
            }
            guard mismatch == nil else { return }
            switch (total, element) {
            case (.int, .int), (.uint, .uint), (.double, .double), (.duration, .duration):
                let sum = CELValue.add(total, element)
                if case .error = sum { failure = sum } else { total = sum }
            default:
                mismatch = (total, element)
            }
        }

        private mutating func appendToExtreme(_ element: CELValue, wantLess: Bool) {
            if case .error = element { failure = element; return }
            guard count > 1 else { total = element; return }
            let name = reduction.kind.rawValue
            guard let order = CELValue.ordering(element, total) else {
                failure = .error(CELError(.noSuchOverload, "\(name): cannot compare \(element.typeName) with \(total.typeName)"))
                return
            }
            if !mixesNumbers, element.numericDouble != nil, element.runtimeType != total.runtimeType { mixesNumbers = true }
            if (wantLess && order == .less) || (!wantLess && order == .greater) { total = element }
        }
    }
}
