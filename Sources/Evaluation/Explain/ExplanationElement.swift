/// The element of a list that decides an `exists` or `all` of a condition at `now`, for
/// `rulecheck explain`: the element that made an `exists` true, the one that came closest to
/// making a false one true, or the first that makes an `all` false, with its predicate's parts
/// evaluated for it (so "events = list of 61" goes on to say which event, and which part failed).
package struct ExplanationElement: Sendable, Hashable {
    package enum Role: String, Sendable, Hashable {
        case madeTrue = "made it true"
        case cameClosest = "came closest"
        case failsFirst = "is the first that fails"
    }

    /// The macro as written (`events.exists(e, …)`), shortened like the terms.
    package var macro: String
    package var role: Role
    /// The element (`events[12]: focus_session at 2026-01-05T10:00:00+08:00`).
    package var element: String
    /// The predicate's parts for that element, outermost first.
    package var terms: [ExplanationTerm]
    /// The parts of the predicate (operands of its `&&`) that are not true for it.
    package var failing: [String]

    package init(macro: String, role: Role, element: String, terms: [ExplanationTerm], failing: [String]) {
        self.macro = macro
        self.role = role
        self.element = element
        self.terms = terms
        self.failing = failing
    }
}
