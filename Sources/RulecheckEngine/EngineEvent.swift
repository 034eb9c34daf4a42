import Facts
import Foundation
import JSON

/// One thing the user did, to record in a session: a type (`task_completed`, `focus_session`,
/// `freeze_used`, …), when, and the attributes the rules read (`minutes`, `category`, …).
public struct EngineEvent: Sendable, Hashable {
    public var type: String
    public var at: Moment
    /// In the order they are written to the state file; `type` and `at` are not among them.
    public var attributes: JSONObject

    public init(type: String, at: Moment, attributes: JSONObject = JSONObject()) {
        self.type = type
        self.at = at
        self.attributes = attributes
    }

    /// An event at a `Date`, written with the UTC offset `timeZone` has then (the device's zone).
    public init(type: String, at date: Date, timeZone: TimeZone = .current, attributes: JSONObject = JSONObject()) {
        self.init(type: type, at: Moment(date, timeZone: timeZone), attributes: attributes)
    }
}
