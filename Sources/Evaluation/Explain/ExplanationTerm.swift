/// One sub-expression of a condition with its value at `now`, for `rulecheck explain`.
package struct ExplanationTerm: Sendable, Hashable {
    /// The source text of the sub-expression, whitespace runs collapsed to one space.
    package var source: String
    /// The value, as `ExplanationValueText` writes it ("not evaluated" when `&&`, `||` or `?:`
    /// skipped it).
    package var value: String
    /// Nesting below the whole condition (0 for the condition itself).
    package var depth: Int

    package init(source: String, value: String, depth: Int) {
        self.source = source
        self.value = value
        self.depth = depth
    }
}
