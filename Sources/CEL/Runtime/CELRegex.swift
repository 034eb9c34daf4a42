/// A compiled `matches` pattern: RE2 syntax (`CELRegexParser`), matched in time linear in
/// the text (`CELRegexMatcher`), found anywhere in the string as RE2's partial match does.
/// Immutable, so one compiled constant pattern serves every evaluation and thread.
struct CELRegex: Sendable {
    /// Longest pattern accepted, in code points (a pattern may come from a state file).
    static let maxPatternLength = 10_000
    /// Thread steps of the matcher per cost step charged to the evaluation.
    static let workPerStep = 4

    let program: CELRegexProgram

    /// Parses and compiles `pattern`; the failure carries the code point offset of the problem.
    static func parse(_ pattern: String) -> Result<CELRegex, CELRegexParser.Failure> {
        let length = pattern.unicodeScalars.count
        guard length <= maxPatternLength else {
            return .failure(CELRegexParser.Failure(
                message: "pattern is \(length) characters long; the limit is \(maxPatternLength)", offset: 0))
        }
        do throws(CELRegexParser.Failure) {
            var parser = CELRegexParser(pattern)
            return .success(CELRegex(program: try CELRegexProgram(try parser.parse())))
        } catch {
            return .failure(error)
        }
    }

    /// `parse`, with a failure as the evaluation error it becomes.
    static func compile(_ pattern: String) -> Result<CELRegex, CELError> {
        parse(pattern).mapError { failure in
            CELError(.invalidArgument, "invalid regular expression: \(failure.message) (at position \(failure.offset))")
        }
    }

    /// Whether the pattern occurs in `text`; `nil` when that takes more than `workLimit`
    /// thread steps. `work` is what it took.
    func matches(_ text: String, workLimit: Int) -> (matched: Bool?, work: Int) {
        var matcher = CELRegexMatcher(program: program, text: Array(text.unicodeScalars))
        let matched = matcher.run(anchoredAtStart: program.anchoredAtStart, workLimit: workLimit)
        return (matched, matcher.work)
    }

    /// Matches under the frame's step budget: the text's length and the matcher's work are
    /// charged, so a long text or a large pattern from data meets the cost limit, not a hang.
    func evaluate(_ text: String, frame: inout CELFrame) -> CELValue {
        let (limit, overflow) = Swift.max(frame.budget, 0).multipliedReportingOverflow(by: Self.workPerStep)
        let (matched, work) = matches(text, workLimit: overflow ? Int.max : limit)
        guard frame.charge(work / Self.workPerStep + 1), let matched else { return .error(CELFrame.costError) }
        return .bool(matched)
    }

    /// Matches with the default cost limit (constant folding and dynamic dispatch).
    func matchesWithinDefaultLimit(_ text: String) -> CELValue {
        let (matched, _) = matches(text, workLimit: 10_000_000 * Self.workPerStep)
        guard let matched else { return .error(CELFrame.costError) }
        return .bool(matched)
    }
}
