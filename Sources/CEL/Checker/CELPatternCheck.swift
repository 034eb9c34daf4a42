/// The check-time half of `matches`: a pattern written as a string literal is compiled when the
/// expression is checked, so an invalid one is an error at load (at the offending character
/// when the literal has no escapes before it) rather than an error at every evaluation.
enum CELPatternCheck {
    /// The issue for an invalid constant pattern of a `matches` call, if there is one.
    static func issue(function: String, target: CELExpr?, args: [CELExpr], source: String,
                      locator: CELSourceLocator) -> CELIssue? {
        guard function == "matches" else { return nil }
        let patternExpr = target == nil ? args.dropFirst().first : args.first
        guard let patternExpr, case .literal(.string(let pattern)) = patternExpr.kind,
              case .failure(let failure) = CELRegex.parse(pattern) else { return nil }
        let range = patternExpr.range
        var at = CELSourceRange(start: range.start, end: range.end)
        if let offset = sourceOffset(of: failure.offset, in: range, source: Array(source.unicodeScalars)) {
            at = CELSourceRange(start: offset, end: offset + 1)
        }
        return locator.issue("invalid regular expression: \(failure.message)", at: at)
    }

    /// Where code point `offset` of a literal's value is written, when every character before
    /// it is written as itself (no escapes); `nil` otherwise.
    private static func sourceOffset(of offset: Int, in range: CELSourceRange, source: [Unicode.Scalar]) -> Int? {
        guard range.start >= 0, range.end <= source.count, range.start < range.end else { return nil }
        var index = range.start
        // Skip the raw prefix and the opening quotes (one or three).
        var raw = false
        while index < range.end, source[index] == "r" || source[index] == "R" {
            raw = true
            index += 1
        }
        guard index < range.end else { return nil }
        let quote = source[index]
        guard quote == "\"" || quote == "'" else { return nil }
        let triple = index + 2 < range.end && source[index + 1] == quote && source[index + 2] == quote
            && range.end - range.start >= 6
        index += triple ? 3 : 1
        let target = index + offset
        guard target < range.end else { return nil }
        if !raw, source[index..<target].contains("\\") { return nil }
        return target
    }
}
