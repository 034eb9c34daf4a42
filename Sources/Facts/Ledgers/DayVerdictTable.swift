/// The verdicts of a rule set's `day` predicates per `DayView` (one per streak of the builder's
/// `dayStreaks`). Views are filed under their hash in a dictionary keyed by `Int`: a dictionary
/// keyed by the view itself would have its type, with `DayView`'s hashing, looked up by name at
/// run time, a scan of every conformance in the program at the first state.
struct DayVerdictTable: Sendable {
    private var buckets: [Int: [(view: DayView, verdicts: [Bool])]] = [:]

    /// The verdicts kept for `view`, if any.
    subscript(view: DayView) -> [Bool]? {
        buckets[view.hashValue]?.first { $0.view == view }?.verdicts
    }

    /// Keeps `verdicts` for `view`, which has none yet (a view's verdicts never change).
    mutating func keep(_ verdicts: [Bool], for view: DayView) {
        buckets[view.hashValue, default: []].append((view, verdicts))
    }
}
