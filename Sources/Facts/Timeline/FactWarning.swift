/// A problem in the user's state that does not stop evaluation (docs/state-file.md; docs/evaluation.md, "The decision"): reported in the
/// decision's `warnings` with the index of the event in the state file's `events` array.
public struct FactWarning: Sendable, Hashable, CustomStringConvertible {
    /// The stable codes of fact warnings (documented with the other warning codes).
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case futureEvent = "future_event"
        case killTimePassed = "kill_time_passed"
        case invalidKillTime = "invalid_kill_time"
        case freezeUnavailable = "freeze_unavailable"
        case freezeNotNeeded = "freeze_not_needed"
        case unknownLevel = "unknown_level"
    }

    public var code: Code
    public var message: String
    /// Index in the state file's `events` array; `nil` for warnings about other parts (a
    /// snapshot level).
    public var event: Int?

    /// A warning; `event` is the index in the file's `events` array, when it is about one.
    public init(_ code: Code, _ message: String, event: Int? = nil) {
        self.code = code
        self.message = message
        self.event = event
    }

    public var description: String {
        "\(code.rawValue): \(message)" + (event.map { " (event \($0))" } ?? "")
    }
}
