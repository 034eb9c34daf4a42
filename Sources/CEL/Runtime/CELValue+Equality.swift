/// CEL equality and ordering (langdef "Equality" and "Ordering"): numbers compare across
/// int, uint and double by value; strings and bytes compare by code point / byte; values of
/// different kinds are unequal rather than an error.
extension CELValue {
    /// `a == b` as CEL defines it; an error operand propagates.
    static func equality(_ a: CELValue, _ b: CELValue) -> CELValue {
        if case .error = a { return a }
        if case .error = b { return b }
        return .bool(a.celEquals(b))
    }

    /// CEL value equality between two non-error values (NaN is unequal to itself).
    package func celEquals(_ other: CELValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.uint(let a), .uint(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int, .uint), (.uint, .int), (.int, .double), (.double, .int), (.uint, .double), (.double, .uint):
            return CELValue.compareNumbers(self, other) == .equal
        case (.string(let a), .string(let b)): return CELText.equal(a, b)
        case (.bytes(let a), .bytes(let b)): return a == b
        case (.timestamp(let a), .timestamp(let b)): return a == b
        case (.duration(let a), .duration(let b)): return a == b
        case (.type(let a), .type(let b)): return a.runtimeName == b.runtimeName
        case (.list(let a), .list(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !x.celEquals(y) { return false }
            return true
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in zip(a.storage.keys, a.storage.values) {
                guard let other = b.storage.value(for: key), value.celEquals(other) else { return false }
            }
            return true
        case (.optional(let a), .optional(let b)):
            guard let a, let b else { return a == nil && b == nil }
            return a.celEquals(b)
        case (.error(let a), .error(let b)): return a == b
        default: return false
        }
    }

    /// Equality that treats NaN as equal to NaN, for comparing results with expectations.
    package func sameValue(_ other: CELValue) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)) where a.isNaN && b.isNaN: return true
        case (.optional(let a), .optional(let b)):
            guard let a, let b else { return a == nil && b == nil }
            return a.sameValue(b)
        case (.list(let a), .list(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !x.sameValue(y) { return false }
            return true
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in zip(a.storage.keys, a.storage.values) {
                guard let other = b.storage.value(for: key), value.sameValue(other) else { return false }
            }
            return true
        case (.int, .int), (.uint, .uint), (.double, .double), (.null, .null), (.bool, .bool), (.string, .string),
             (.bytes, .bytes), (.timestamp, .timestamp), (.duration, .duration), (.type, .type), (.error, .error):
            return celEquals(other)
        default: return false
        }
    }

    enum Ordering {
        case less, equal, greater, unordered
    }

    /// Orders two numbers of any numeric kinds exactly (no rounding through double).
    static func compareNumbers(_ a: CELValue, _ b: CELValue) -> Ordering {
        switch (a, b) {
        case (.int(let x), .int(let y)): return order(x, y)
        case (.uint(let x), .uint(let y)): return order(x, y)
        case (.double(let x), .double(let y)):
            if x.isNaN || y.isNaN { return .unordered }
            return x < y ? .less : (x > y ? .greater : .equal)
        case (.int(let x), .uint(let y)): return x < 0 ? .less : order(UInt64(x), y)
        case (.uint(let x), .int(let y)): return y < 0 ? .greater : order(x, UInt64(y))
        case (.int(let x), .double(let y)): return compare(int: x, double: y)
        case (.double(let x), .int(let y)): return flip(compare(int: y, double: x))
        case (.uint(let x), .double(let y)): return compare(uint: x, double: y)
        case (.double(let x), .uint(let y)): return flip(compare(uint: y, double: x))
        default: return .unordered
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> Ordering {
        a < b ? .less : (a > b ? .greater : .equal)
    }

    private static func flip(_ o: Ordering) -> Ordering {
        switch o {
        case .less: .greater
        case .greater: .less
        default: o
        }
    }

    // As cel-go does, an integer is compared with a double through its (possibly rounded)
    // double value, so `9223372036854775807 < 9223372036854775808.0` is false.
    private static func compare(int x: Int64, double y: Double) -> Ordering {
        compareNumbers(.double(Double(x)), .double(y))
    }

    private static func compare(uint x: UInt64, double y: Double) -> Ordering {
        compareNumbers(.double(Double(x)), .double(y))
    }

    /// Orders two values for `<`, `<=`, `>`, `>=`; `nil` when the kinds have no ordering.
    static func ordering(_ a: CELValue, _ b: CELValue) -> Ordering? {
        switch (a, b) {
        case (.int, .int), (.uint, .uint), (.double, .double), (.int, .uint), (.uint, .int), (.int, .double),
             (.double, .int), (.uint, .double), (.double, .uint):
            return compareNumbers(a, b)
        case (.string(let x), .string(let y)): return CELText.compare(x, y)
        case (.bytes(let x), .bytes(let y)):
            if x == y { return .equal }
            return x.lexicographicallyPrecedes(y) ? .less : .greater
        case (.bool(let x), .bool(let y)): return x == y ? .equal : (!x ? .less : .greater)
        case (.timestamp(let x), .timestamp(let y)): return order(x, y)
        case (.duration(let x), .duration(let y)): return order(x, y)
        default: return nil
        }
    }

    /// Applies a relational operator; an error operand propagates, an unordered pair of kinds is
    /// a "no such overload" error, NaN compares false.
    @inline(__always)
    static func relation(_ name: String, _ a: CELValue, _ b: CELValue, _ accept: (Ordering) -> Bool) -> CELValue {
        if case .error = a { return a }
        if case .error = b { return b }
        guard let o = ordering(a, b) else { return .error(.noOverload(name, a, b)) }
        if o == .unordered { return .bool(false) }
        return .bool(accept(o))
    }
}
