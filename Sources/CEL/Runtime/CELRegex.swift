import Foundation

/// A compiled `matches` pattern. RE2 syntax is approximated by ICU (NSRegularExpression);
/// the pattern is searched anywhere in the string, as RE2's partial match does.
final class CELRegex: @unchecked Sendable {
    // NSRegularExpression is immutable after creation and documented thread-safe.
    /// `nil` for the empty pattern, which matches everything (ICU rejects it).
    private let expression: NSRegularExpression?

    private init(_ expression: NSRegularExpression?) {
        self.expression = expression
    }

    static func compile(_ pattern: String) -> Result<CELRegex, CELError> {
        if pattern.isEmpty { return .success(CELRegex(nil)) }
        do {
            return .success(CELRegex(try NSRegularExpression(pattern: pattern, options: [])))
        } catch {
            return .failure(CELError(.invalidArgument, "invalid regular expression '\(pattern)'"))
        }
    }

    func matches(_ text: String) -> Bool {
        guard let expression else { return true }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
