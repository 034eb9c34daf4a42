import JSON
/// One event of the state file, validated. Attributes other than `type` and `at` are kept as
/// written (in order) so they reach CEL and the written-back file unchanged.
public struct StateEvent: Sendable, Hashable {
    /// Position in the file's `events` array (warnings and errors name it).
    public var index: Int
    public var type: String
    public var at: Moment
    /// The event object as written (it shares storage with the state document, so a million
    /// events are not held twice); `attributes` leaves out `type` and `at`.
    public var fields: JSONObject
    /// The typed meaning of reserved event types (SPEC 4).
    public var kind: Kind

    public init(index: Int, type: String, at: Moment, attributes: JSONObject = JSONObject(), kind: Kind = .other) {
        self.init(index: index, type: type, at: at, fields: attributes, kind: kind)
    }

    init(index: Int, type: String, at: Moment, fields: JSONObject, kind: Kind) {
        self.index = index
        self.type = type
        self.at = at
        self.fields = fields
        self.kind = kind
    }

    /// Every attribute except `type` and `at`, in written order.
    public var attributes: JSONObject {
        var attributes = JSONObject()
        forEachAttribute { attributes.appendUnchecked(key: $0, value: $1) }
        return attributes
    }

    /// Calls `body` with each attribute except `type` and `at`, in written order.
    public func forEachAttribute(_ body: (String, JSONValue) -> Void) {
        for index in 0..<fields.count where fields.keys[index] != "type" && fields.keys[index] != "at" {
            body(fields.keys[index], fields.values[index])
        }
    }

    /// Reserved event types with their checked attributes.
    /// Payloads are boxed (`indirect`) so that the common events stay small: a million of
    /// them are held several times over.
    public enum Kind: Sendable, Hashable {
        case taskCompleted
        indirect case levelCompleted(level: String, difficulty: String?, time: Double?, moves: Int64?)
        indirect case dayPlanned(date: LocalDay?, tasks: Int)
        /// `to` is `nil` when the written value is not a valid `HH:MM` (a warning, not an error).
        indirect case killTimeChanged(date: LocalDay?, to: KillTimeValue)
        indirect case freezeUsed(date: LocalDay?, streak: String?)
        /// Any other type.
        case other
    }

    /// The `to` of a `kill_time_changed`, kept as written when it is not a time.
    public enum KillTimeValue: Sendable, Hashable {
        case time(Int)
        case invalid(String)
    }

    /// Attribute names computed by rulecheck; an event may not carry them (SPEC 3).
    public static let computedNames: Set<String> = ["day", "hour", "minute", "weekday", "week", "late"]
}
