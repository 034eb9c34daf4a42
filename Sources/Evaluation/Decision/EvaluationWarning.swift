/// Something in the user's state that the evaluation worked around (docs/evaluation.md, "The decision" `warnings`).
/// Every code is documented in `docs/warnings.md`.
public struct EvaluationWarning: Sendable, Hashable {
    /// Stable code such as `future_event` or `unknown_achievement`.
    public var code: String
    /// The award or streak concerned (`rule_error`, `cost_limit`).
    public var id: String?
    public var message: String
    /// Index of the event in the state file's `events` array, when one event is concerned.
    public var event: Int?
    /// The JSON path of what the warning is about in the state file (`events[17].minutes`), when
    /// it names more than an event.
    public var path: String?
    /// How many events the warning stands for (`event_not_in_plan`: one warning per type and
    /// problem); `event` and `path` name the first.
    public var count: Int?

    public init(code: String, id: String? = nil, message: String, event: Int? = nil, path: String? = nil, count: Int? = nil) {
        self.code = code
        self.id = id
        self.message = message
        self.event = event
        self.path = path
        self.count = count
    }
}
