/// The implementations of cel-go's strings extension library (declared in `CELLibrary.strings`;
/// receiver first). Indices and lengths count Unicode code points, as `size` does; every
/// function checks its arguments' run-time kinds and count, so a wrong call is a "no such
/// overload" error rather than a crash.
enum CELStringExtensions {
    private typealias Scalars = [Unicode.Scalar]

    /// The longest string (in code points) `replace` and `strings.quote` may build. Both can
    /// multiply their input's length, and the cost limit counts calls, not characters, so a
    /// few nested calls could otherwise exhaust memory.
    static let maximumResultLength = 1 << 24

    private static func tooLong(_ name: String) -> CELValue {
        .error(CELError(.invalidArgument, "\(name): result longer than \(maximumResultLength) code points"))
    }

    private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private static func noOverload(_ name: String, _ args: [CELValue]) -> CELValue {
        .error(CELError(.noSuchOverload,
                        "no such overload: \(name)(\(args.map(\.typeName).joined(separator: ", ")))"))
    }

    private static func outOfRange(_ index: Int64) -> CELValue {
        .error(CELError(.invalidArgument, "index out of range: \(index)"))
    }

    /// `s.charAt(i)`: the code point at `i`, or `""` at `i == size(s)`.
    static func charAt(_ args: [CELValue]) -> CELValue {
        guard args.count == 2, case .string(let s) = args[0], case .int(let index) = args[1] else {
            return noOverload("charAt", args)
        }
        let scalars = Scalars(s.unicodeScalars)
        guard index >= 0, index <= Int64(scalars.count) else { return outOfRange(index) }
        guard index < Int64(scalars.count) else { return .string("") }
        return .string(text([scalars[Int(index)]]))
    }

    /// `s.indexOf(t[, from])` and `s.lastIndexOf(t[, from])`: the code-point index of the first
    /// match at or after `from` (of the last match starting at or before `from`), or -1.
    static func indexOf(_ name: String, _ args: [CELValue], fromEnd: Bool) -> CELValue {
        guard args.count == 2 || args.count == 3, case .string(let s) = args[0], case .string(let t) = args[1] else {
            return noOverload(name, args)
        }
        let scalars = Scalars(s.unicodeScalars)
        let needle = Scalars(t.unicodeScalars)
        let count = Int64(scalars.count)
        var from = fromEnd ? count : 0
        if args.count == 3 {
            guard case .int(let given) = args[2] else { return noOverload(name, args) }
            // An empty needle matches at the end too; any other needle must start inside.
            let last = needle.isEmpty ? count : count - 1
            guard given >= 0, given <= last else { return outOfRange(given) }
            from = given
        }
        let lastStart = scalars.count - needle.count
        func matches(at position: Int) -> Bool {
            scalars[position..<(position + needle.count)].elementsEqual(needle)
        }
        if fromEnd {
            var position = min(Int(from), lastStart)
            while position >= 0 {
                if matches(at: position) { return .int(Int64(position)) }
                position -= 1
            }
        } else {
            var position = Int(from)
            while position <= lastStart {
                if matches(at: position) { return .int(Int64(position)) }
                position += 1
            }
        }
        return .int(-1)
    }

    static func mapScalars(_ name: String, _ args: [CELValue],
                           _ transform: (Unicode.Scalar) -> UInt32) -> CELValue {
        guard args.count == 1, case .string(let s) = args[0] else { return noOverload(name, args) }
        return .string(text(s.unicodeScalars.map { Unicode.Scalar(transform($0)) ?? $0 }))
    }

    /// `s.replace(old, new[, n])`: the first `n` occurrences (all when `n` is negative or
    /// absent). An empty `old` matches before every code point and at the end, as in Go.
    static func replace(_ args: [CELValue]) -> CELValue {
        guard args.count == 3 || args.count == 4, case .string(let s) = args[0], case .string(let old) = args[1],
              case .string(let new) = args[2] else { return noOverload("replace", args) }
        var limit = Int64(-1)
        if args.count == 4 {
            guard case .int(let n) = args[3] else { return noOverload("replace", args) }
            limit = n
        }
        let scalars = Scalars(s.unicodeScalars)
        let pattern = Scalars(old.unicodeScalars)
        let replacement = Scalars(new.unicodeScalars)
        var starts: [Int] = []
        var i = 0
        while limit < 0 || Int64(starts.count) < limit {
            if pattern.isEmpty {
                guard i <= scalars.count else { break }
                starts.append(i)
                i += 1
            } else {
                guard i + pattern.count <= scalars.count else { break }
                if scalars[i..<(i + pattern.count)].elementsEqual(pattern) {
                    starts.append(i)
                    i += pattern.count
                } else {
                    i += 1
                }
            }
        }
        guard scalars.count + starts.count * (replacement.count - pattern.count) <= maximumResultLength else {
            return tooLong("replace")
        }
        var result: Scalars = []
        var cursor = 0
        for start in starts {
            result += scalars[cursor..<start]
            result += replacement
            cursor = start + pattern.count
        }
        result += scalars[cursor...]
        return .string(text(result))
    }

    /// `s.split(sep[, n])` with Go's `SplitN` semantics: `n == 0` gives `[]`, a negative or
    /// absent `n` splits everywhere, otherwise at most `n` parts (the last holds the rest). An
    /// empty separator splits into code points.
    static func split(_ args: [CELValue]) -> CELValue {
        guard args.count == 2 || args.count == 3, case .string(let s) = args[0], case .string(let sep) = args[1] else {
            return noOverload("split", args)
        }
        var limit = Int64(-1)
        if args.count == 3 {
            guard case .int(let n) = args[2] else { return noOverload("split", args) }
            limit = n
        }
        if limit == 0 { return .list(CELList([])) }
        let scalars = Scalars(s.unicodeScalars)
        let separator = Scalars(sep.unicodeScalars)
        var parts: [CELValue] = []
        var partStart = 0
        var i = 0
        if separator.isEmpty {
            while i < scalars.count {
                if limit > 0, Int64(parts.count) == limit - 1 { break }
                parts.append(.string(text([scalars[i]])))
                i += 1
            }
            if i < scalars.count { parts.append(.string(text(scalars[i...]))) }
            return .list(CELList(parts))
        }
        while i + separator.count <= scalars.count {
            if limit > 0, Int64(parts.count) == limit - 1 { break }
            if scalars[i..<(i + separator.count)].elementsEqual(separator) {
                parts.append(.string(text(scalars[partStart..<i])))
                i += separator.count
                partStart = i
            } else {
                i += 1
            }
        }
        parts.append(.string(text(scalars[partStart...])))
        return .list(CELList(parts))
    }

    /// `s.substring(start[, end])`, code points `start..<end`.
    static func substring(_ args: [CELValue]) -> CELValue {
        guard args.count == 2 || args.count == 3, case .string(let s) = args[0], case .int(let start) = args[1] else {
            return noOverload("substring", args)
        }
        let scalars = Scalars(s.unicodeScalars)
        let count = Int64(scalars.count)
        var end = count
        if args.count == 3 {
            guard case .int(let given) = args[2] else { return noOverload("substring", args) }
            end = given
        }
        guard start >= 0, start <= count else { return outOfRange(start) }
        guard end >= 0, end <= count else { return outOfRange(end) }
        guard start <= end else {
            return .error(CELError(.invalidArgument, "invalid substring range. start: \(start), end: \(end)"))
        }
        return .string(text(scalars[Int(start)..<Int(end)]))
    }

    /// `s.trim()`: removes leading and trailing white space as Unicode defines it (the
    /// White_Space property, which is Go's `unicode.IsSpace`).
    static func trim(_ args: [CELValue]) -> CELValue {
        guard args.count == 1, case .string(let s) = args[0] else { return noOverload("trim", args) }
        let scalars = Scalars(s.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return .string("") }
        return .string(text(scalars[first...last]))
    }

    /// `list.join([separator])` over a list of strings.
    static func join(_ args: [CELValue]) -> CELValue {
        guard args.count == 1 || args.count == 2, case .list(let list) = args[0] else { return noOverload("join", args) }
        var separator = ""
        if args.count == 2 {
            guard case .string(let given) = args[1] else { return noOverload("join", args) }
            separator = given
        }
        var parts: [String] = []
        parts.reserveCapacity(list.count)
        for element in list {
            guard case .string(let part) = element else {
                return .error(CELError(.noSuchOverload, "join: list element is \(element.typeName), not string"))
            }
            parts.append(part)
        }
        return .string(parts.joined(separator: separator))
    }

    /// `s.reverse()`, by code point (a combining mark moves with the code points, not with the
    /// character it modified, as in cel-go).
    static func reverse(_ args: [CELValue]) -> CELValue {
        guard args.count == 1, case .string(let s) = args[0] else { return noOverload("reverse", args) }
        return .string(text(s.unicodeScalars.reversed()))
    }

    /// `strings.quote(s)`: a double-quoted CEL string literal for `s`, escaping the quote, the
    /// backslash and the C control escapes; every other code point is kept as it is.
    static func quote(_ args: [CELValue]) -> CELValue {
        guard args.count == 1, case .string(let s) = args[0] else { return noOverload("strings.quote", args) }
        // At most one escape character per code point, plus the quotes.
        guard s.unicodeScalars.count <= maximumResultLength / 2 - 1 else { return tooLong("strings.quote") }
        return .string(CELStringLiteral.quoted(s, controls: .cEscapes))
    }

    /// `s.format(list)`: see `CELStringFormat`.
    static func format(_ args: [CELValue]) -> CELValue {
        guard args.count == 2, case .string(let s) = args[0], case .list(let list) = args[1] else {
            return noOverload("format", args)
        }
        return CELStringFormat.format(s, list.array)
    }
}
