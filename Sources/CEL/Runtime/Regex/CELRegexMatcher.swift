/// Runs a `CELRegexProgram` over a text, all threads in lock step (one pass over the text;
/// each instruction at most once per position), and answers whether the pattern occurs
/// anywhere in it, as RE2's partial match does.
struct CELRegexMatcher {
    private let program: [CELRegexProgram.Instruction]
    private let text: [Unicode.Scalar]
    /// Thread steps taken so far: the work a cost limit charges for.
    private(set) var work = 0

    init(program: CELRegexProgram, text: [Unicode.Scalar]) {
        self.program = program.instructions
        self.text = text
    }

    /// Whether the program matches somewhere; `nil` once `workLimit` thread steps are spent.
    mutating func run(anchoredAtStart: Bool, workLimit: Int) -> Bool? {
        var current = CELRegexThreadSet(capacity: program.count)
        var next = CELRegexThreadSet(capacity: program.count)
        var stack: [Int] = []
        for position in 0...text.count {
            if position == 0 || !anchoredAtStart {
                if addThread(0, at: position, into: &current, stack: &stack) { return true }
            }
            if current.isEmpty, anchoredAtStart { return false }
            guard position < text.count else { break }
            let scalar = text[position]
            for pc in current.members {
                work += 1
                let advances: Bool
                switch program[pc] {
                case .scalars(let alternatives): advances = alternatives.contains(scalar)
                case .set(let set): advances = set.contains(scalar)
                case .any(let matchesNewline): advances = matchesNewline || scalar != "\n"
                default: advances = false
                }
                if advances, addThread(pc + 1, at: position + 1, into: &next, stack: &stack) { return true }
            }
            if work > workLimit { return nil }
            swap(&current, &next)
            next.removeAll()
        }
        return false
    }

    /// Adds `pc` and everything reachable from it without consuming text; `true` when that
    /// reaches the match instruction.
    private mutating func addThread(_ pc: Int, at position: Int, into set: inout CELRegexThreadSet,
                                    stack: inout [Int]) -> Bool {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard set.insert(pc) else { continue }
            work += 1
            switch program[pc] {
            case .match:
                stack.removeAll()
                return true
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if holds(assertion, at: position) { stack.append(pc + 1) }
            case .scalars, .set, .any:
                break
            }
        }
        return false
    }

    private func holds(_ assertion: CELRegexAssertion, at position: Int) -> Bool {
        let before = position > 0 ? text[position - 1] : nil
        let after = position < text.count ? text[position] : nil
        switch assertion {
        case .textStart: return position == 0
        case .textEnd: return position == text.count
        case .lineStart: return before == nil || before == "\n"
        case .lineEnd: return after == nil || after == "\n"
        case .wordBoundary: return Self.isWord(before) != Self.isWord(after)
        case .notWordBoundary: return Self.isWord(before) == Self.isWord(after)
        }
    }

    /// RE2's `\b` uses ASCII word characters.
    private static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.isASCII else { return false }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_"
    }
}
