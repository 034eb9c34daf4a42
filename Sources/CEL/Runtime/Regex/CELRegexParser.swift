/// Parses RE2 syntax (the subset RE2 and Go's `regexp` share): literals and escapes, `.`,
/// classes with ranges, `\d \w \s` (and negations), POSIX `[[:alpha:]]`, Unicode general
/// categories `\pL \p{Lu} \PN`, anchors `^ $ \A \z \b \B`, alternation, groups (capturing,
/// `(?:…)`, named `(?P<n>…)`/`(?<n>…)`), flags `(?i) (?m) (?s) (?U)` and `(?i:…)`, and
/// repetitions `* + ? {n} {n,} {n,m}`, greedy or lazy. Backreferences and look-around are not
/// RE2 and are errors. Nesting and counts are bounded, so no pattern can exhaust the stack.
struct CELRegexParser {
    /// A syntax error and the code point offset in the pattern where it was found.
    struct Failure: Error, Sendable {
        var message: String
        var offset: Int
    }

    struct Flags {
        var foldCase = false
        var multiLine = false
        var dotMatchesNewline = false
    }

    /// RE2's limit on a counted repetition.
    static let maxRepeat = 1000
    static let maxNesting = 200

    let scalars: [Unicode.Scalar]
    var position = 0
    private var depth = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(Failure) -> CELRegexNode {
        var flags = Flags()
        let node = try parseAlternation(&flags)
        if position < scalars.count {
            // Only an unmatched `)` stops the top level early.
            throw Failure(message: "unexpected ')'", offset: position)
        }
        return node
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(_ ahead: Int) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    // MARK: Alternation, concatenation, repetition

    private mutating func parseAlternation(_ flags: inout Flags) throws(Failure) -> CELRegexNode {
        var branches = [try parseConcatenation(&flags)]
        while current == "|" {
            position += 1
            branches.append(try parseConcatenation(&flags))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation(_ flags: inout Flags) throws(Failure) -> CELRegexNode {
        var items: [CELRegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            if scalar == "(", peek(1) == "?", let applied = try parseFlagGroup(flags) {
                flags = applied
                continue
            }
            let atomStart = position
            let atom = try parseAtom(flags)
            items.append(try parseRepetitions(atom, start: atomStart))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    /// `(?flags)` on its own: returns the flags for the rest of the group. `nil` (and nothing
    /// consumed) when the group has content, such as `(?:…)` or `(?i:…)`.
    private mutating func parseFlagGroup(_ outer: Flags) throws(Failure) -> Flags? {
        var index = position + 2
        if let first = peek(2), "=!<P".unicodeScalars.contains(first) { return nil }
        while index < scalars.count, scalars[index] != ")", scalars[index] != ":" { index += 1 }
        guard index < scalars.count, scalars[index] == ")" else { return nil }
        var flags = outer
        try apply(flagText: Array(scalars[(position + 2)..<index]), to: &flags, at: position + 2)
        position = index + 1
        return flags
    }

    private mutating func apply(flagText: [Unicode.Scalar], to flags: inout Flags, at offset: Int) throws(Failure) {
        var value = true
        guard !flagText.isEmpty else { throw Failure(message: "missing flags in '(?)'", offset: offset) }
        for (i, flag) in flagText.enumerated() {
            switch flag {
            case "-":
                guard value, i + 1 < flagText.count else {
                    throw Failure(message: "invalid flag group", offset: offset + i)
                }
                value = false
            case "i": flags.foldCase = value
            case "m": flags.multiLine = value
            case "s": flags.dotMatchesNewline = value
            case "U": break // ungreedy: preference only, which `matches` does not observe
            default:
                throw Failure(message: "unknown flag '\(flag)' (RE2 knows i, m, s and U)", offset: offset + i)
            }
        }
    }

    private mutating func parseRepetitions(_ atom: CELRegexNode, start: Int) throws(Failure) -> CELRegexNode {
        var node = atom
        var repeated = false
        while let scalar = current {
            let bounds: (min: Int, max: Int?)
            let operatorStart = position
            switch scalar {
            case "*": bounds = (0, nil); position += 1
            case "+": bounds = (1, nil); position += 1
            case "?": bounds = (0, 1); position += 1
            case "{":
                guard let counted = try parseCount() else { return node }
                bounds = counted
            default:
                return node
            }
            if repeated {
                throw Failure(message: "invalid nested repetition operator", offset: operatorStart)
            }
            if case .empty = atom {
                throw Failure(message: "missing argument to repetition operator", offset: operatorStart)
            }
            if case .assertion = atom {
                throw Failure(message: "missing argument to repetition operator", offset: operatorStart)
            }
            if current == "?" { position += 1 } // lazy
            node = .repetition(node, min: bounds.min, max: bounds.max)
            repeated = true
        }
        return node
    }

    /// `{n}`, `{n,}` or `{n,m}`; `nil` (nothing consumed) when the brace starts no count, in
    /// which case it is a literal `{` as in RE2.
    private mutating func parseCount() throws(Failure) -> (min: Int, max: Int?)? {
        let start = position
        var index = position + 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                value = Swift.min(value * 10 + Int(scalars[index].value) - 48, Self.maxRepeat + 1)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < scalars.count, scalars[index] == "," {
            index += 1
            high = number()
            if high == nil, index < scalars.count, scalars[index] != "}" { return nil }
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        if low > Self.maxRepeat || (high ?? 0) > Self.maxRepeat {
            throw Failure(message: "repetition count above \(Self.maxRepeat)", offset: start)
        }
        if let high, high < low {
            throw Failure(message: "invalid repeat count (the maximum is below the minimum)", offset: start)
        }
        position = index + 1
        return (low, high)
    }

    // MARK: Atoms

    private mutating func parseAtom(_ flags: Flags) throws(Failure) -> CELRegexNode {
        guard let scalar = current else { return .empty }
        switch scalar {
        case "(":
            return try parseGroup(flags)
        case "[":
            return .characterClass(try parseBracketClass(flags))
        case ".":
            position += 1
            return .anyCharacter(matchesNewline: flags.dotMatchesNewline)
        case "^":
            position += 1
            return .assertion(flags.multiLine ? .lineStart : .textStart)
        case "$":
            position += 1
            return .assertion(flags.multiLine ? .lineEnd : .textEnd)
        case "\\":
            return try parseEscape(flags)
        case "*", "+", "?":
            throw Failure(message: "missing argument to repetition operator", offset: position)
        default:
            position += 1
            return Self.literal(scalar, flags)
        }
    }

    static func literal(_ scalar: Unicode.Scalar, _ flags: Flags) -> CELRegexNode {
        .literal(flags.foldCase ? CELRegexCaseFolding.variants(of: scalar) : [scalar])
    }

    private mutating func parseGroup(_ outer: Flags) throws(Failure) -> CELRegexNode {
        let open = position
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxNesting else {
            throw Failure(message: "groups nested deeper than \(Self.maxNesting)", offset: open)
        }
        position += 1
        var flags = outer
        if current == "?" {
            position += 1
            let isLookAround = current == "=" || current == "!"
                || (current == "<" && (peek(1) == "=" || peek(1) == "!"))
            if isLookAround {
                throw Failure(message: "look-around groups are not supported (not RE2 syntax)", offset: open)
            }
            if current == "P" || current == "<" {
                try skipGroupName()
            } else {
                let flagStart = position
                while let c = current, c != ":" {
                    if c == ")" { break }
                    position += 1
                }
                guard current == ":" else {
                    throw Failure(message: "invalid or unsupported group syntax", offset: open)
                }
                if position > flagStart {
                    try apply(flagText: Array(scalars[flagStart..<position]), to: &flags, at: flagStart)
                }
                position += 1
            }
        }
        let inner = try parseAlternation(&flags)
        guard current == ")" else { throw Failure(message: "missing closing )", offset: open) }
        position += 1
        return inner
    }

    /// `P<name>` or `<name>` of a named group; the name is checked and ignored.
    private mutating func skipGroupName() throws(Failure) {
        let start = position
        if current == "P" { position += 1 }
        guard current == "<" else { throw Failure(message: "invalid named group", offset: start) }
        position += 1
        let nameStart = position
        while let c = current, c != ">" {
            guard c == "_" || c.properties.isAlphabetic || c.properties.numericType == .decimal else {
                throw Failure(message: "invalid group name", offset: position)
            }
            position += 1
        }
        guard current == ">", position > nameStart else { throw Failure(message: "invalid named group", offset: start) }
        position += 1
    }
}
