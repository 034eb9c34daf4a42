/// A regular expression compiled to a Thompson NFA (Ken Thompson, 1968; Russ Cox, "Regular
/// Expression Matching Can Be Simple And Fast"), run by simulating every thread in step:
/// time linear in the text for a given program, however the pattern nests (`(a+)+$`).
struct CELRegexProgram: Sendable {
    enum Instruction: Sendable {
        /// Consumes one code point equal to one of these.
        case scalars([Unicode.Scalar])
        case set(CELRegexCharacterClass)
        case any(matchesNewline: Bool)
        /// Continues at both targets (an epsilon fork).
        case split(Int, Int)
        case jump(Int)
        case assert(CELRegexAssertion)
        case match
    }

    /// Programs longer than this are refused ("pattern too large"), like RE2's memory budget.
    static let maxInstructions = 10_000

    let instructions: [Instruction]
    /// The pattern can only match at the start of the text (it begins with `^` or `\A`).
    let anchoredAtStart: Bool

    init(_ node: CELRegexNode) throws(CELRegexParser.Failure) {
        guard node.programSize(limit: Self.maxInstructions) <= Self.maxInstructions else {
            throw CELRegexParser.Failure(
                message: "pattern too large: over \(Self.maxInstructions) instructions once repetitions are expanded",
                offset: 0)
        }
        var builder: [Instruction] = []
        Self.emit(node, into: &builder)
        builder.append(.match)
        instructions = builder
        anchoredAtStart = Self.startsAnchored(node)
    }

    private static func startsAnchored(_ node: CELRegexNode) -> Bool {
        switch node {
        case .assertion(.textStart): return true
        case .concatenation(let parts): return parts.first.map(startsAnchored) ?? false
        default: return false
        }
    }

    private static func emit(_ node: CELRegexNode, into program: inout [Instruction]) {
        switch node {
        case .empty:
            break
        case .literal(let alternatives):
            program.append(.scalars(alternatives))
        case .characterClass(let set):
            program.append(.set(set))
        case .anyCharacter(let matchesNewline):
            program.append(.any(matchesNewline: matchesNewline))
        case .assertion(let assertion):
            program.append(.assert(assertion))
        case .concatenation(let parts):
            for part in parts { emit(part, into: &program) }
        case .alternation(let branches):
            emitAlternation(branches[...], into: &program)
        case .repetition(let inner, let min, let max):
            for _ in 0..<min { emit(inner, into: &program) }
            if let max {
                for _ in min..<max { emitOptional(inner, into: &program) }
            } else {
                emitStar(inner, into: &program)
            }
        }
    }

    /// `split(a, rest)`; a: first branch; `jump end`; rest: the other branches.
    private static func emitAlternation(_ branches: ArraySlice<CELRegexNode>, into program: inout [Instruction]) {
        guard let first = branches.first else { return }
        guard branches.count > 1 else {
            emit(first, into: &program)
            return
        }
        let split = program.count
        program.append(.jump(0))
        emit(first, into: &program)
        let jump = program.count
        program.append(.jump(0))
        program[split] = .split(split + 1, program.count)
        emitAlternation(branches.dropFirst(), into: &program)
        program[jump] = .jump(program.count)
    }

    private static func emitOptional(_ inner: CELRegexNode, into program: inout [Instruction]) {
        let split = program.count
        program.append(.jump(0))
        emit(inner, into: &program)
        program[split] = .split(split + 1, program.count)
    }

    private static func emitStar(_ inner: CELRegexNode, into program: inout [Instruction]) {
        let split = program.count
        program.append(.jump(0))
        emit(inner, into: &program)
        program.append(.jump(split))
        program[split] = .split(split + 1, program.count)
    }
}
