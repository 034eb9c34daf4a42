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

    public init(code: String, id: String? = nil, message: String, event: Int? = nil) {
        self.code = code
        self.id = id
        self.message = message
        self.event = event
    }
}
