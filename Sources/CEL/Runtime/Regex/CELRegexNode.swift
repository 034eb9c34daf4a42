/// A parsed regular expression in RE2 syntax (docs/cel-runtime.md, "Regular expressions").
/// Greedy and lazy repetitions are one node: `matches` asks only whether a match exists,
/// which does not depend on the preference between them.
indirect enum CELRegexNode: Sendable {
    case empty
    /// One code point; under `(?i)` any of `alternatives` (its simple case variants).
    case literal([Unicode.Scalar])
    case characterClass(CELRegexCharacterClass)
    /// `.`; matches a line break only under `(?s)`.
    case anyCharacter(matchesNewline: Bool)
    case assertion(CELRegexAssertion)
    case concatenation([CELRegexNode])
    case alternation([CELRegexNode])
    /// `x*`, `x+`, `x?`, `x{n}`, `x{n,}`, `x{n,m}`; `max == nil` is unbounded.
    case repetition(CELRegexNode, min: Int, max: Int?)

    /// Instructions the node compiles to, saturating at `limit + 1` so that nested counted
    /// repetitions (`((a{1000}){1000}){1000}`) are rejected before anything is built.
    func programSize(limit: Int) -> Int {
        func bounded(_ value: Int) -> Int { Swift.min(value, limit + 1) }
        switch self {
        case .empty: return 0
        case .literal, .characterClass, .anyCharacter, .assertion: return 1
        case .concatenation(let parts):
            return bounded(parts.reduce(0) { bounded($0 + $1.programSize(limit: limit)) })
        case .alternation(let parts):
            return bounded(parts.reduce(0) { bounded($0 + $1.programSize(limit: limit) + 2) })
        case .repetition(let inner, let min, let max):
            let one = inner.programSize(limit: limit) + 2
            let copies = (max ?? min) + (max == nil ? 1 : 0)
            let (total, overflow) = one.multipliedReportingOverflow(by: Swift.max(copies, 1))
            return overflow ? limit + 1 : bounded(total)
        }
    }
}
