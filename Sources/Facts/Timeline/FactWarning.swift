/// A problem in the user's state that does not stop evaluation (docs/state-file.md; docs/evaluation.md, "The decision"): reported in the
/// decision's `warnings` with the index of the event in the state file's `events` array.
package struct FactWarning: Sendable, Hashable, CustomStringConvertible {
    /// The stable codes of fact warnings (documented with the other warning codes).
    package enum Code: String, Sendable, Hashable, CaseIterable {
        case futureEvent = "future_event"
        case killTimePassed = "kill_time_passed"
        case invalidKillTime = "invalid_kill_time"
        case freezeUnavailable = "freeze_unavailable"
        case freezeNotNeeded = "freeze_not_needed"
        case unknownLevel = "unknown_level"
        case badEvent = "bad_event"
    }

    package var code: Code
    package var message: String
    /// Index in the state file's `events` array; `nil` for warnings about other parts (a
    /// snapshot level).
    package var event: Int?

    /// A warning; `event` is the index in the file's `events` array, when it is about one.
    package init(_ code: Code, _ message: String, event: Int? = nil) {
        self.code = code
        self.message = message
        self.event = event
    }

    package var description: String {
        "\(code.rawValue): \(message)" + (event.map { " (event \($0))" } ?? "")
    }
}
