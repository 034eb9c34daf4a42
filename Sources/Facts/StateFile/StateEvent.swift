import JSON
import RuleModel

/// One event of the state file, validated. Attributes other than `type` and `at` are kept as
/// written (in order) so they reach CEL and the written-back file unchanged.
///
/// A million events are held at once, so an event keeps only what it needs: `type` and `at` are
/// not kept a second time as JSON, and how the object was written (key order, the text of `at`)
/// is kept only when it differs from the usual form `{"type": …, "at": …, attributes…}` with
/// `at` as `Moment.description` writes it (`writtenObject` gives the object back exactly).
public struct StateEvent: Sendable, Hashable {
    /// Position in the file's `events` array (warnings and errors name it).
    public var index: Int
    public var type: String
    public var at: Moment
    /// Every attribute except `type` and `at`, in written order.
    public var attributes: JSONObject
    /// The typed meaning of reserved event types (docs/state-file.md).
    public var kind: Kind
    private var form: WrittenForm

    public init(index: Int, type: String, at: Moment, attributes: JSONObject = JSONObject(), kind: Kind = .other) {
        self.index = index
        self.type = type
        self.at = at
        self.attributes = attributes
        self.kind = kind
        form = .usual
    }

    /// An event as written: `typePosition` and `atPosition` are the places of `type` and `at`
    /// among the object's keys, `atText` the text of `at`.
    init(index: Int, type: String, at: Moment, attributes: JSONObject, kind: Kind,
         typePosition: Int, atPosition: Int, atText: String) {
        (self.index, self.type, self.at, self.attributes, self.kind) = (index, type, at, attributes, kind)
        form = typePosition != 0 || atPosition != 1 || !at.isDescribed(by: atText)
            ? .unusual(typePosition: typePosition, atPosition: atPosition, atText: atText)
            : .usual
    }

    /// The same, with the text of `at` as its bytes (a string is made only for an unusual form).
    init(index: Int, type: String, at: Moment, attributes: JSONObject, kind: Kind,
         typePosition: Int, atPosition: Int, atBytes: UnsafeBufferPointer<UInt8>) {
        // Every property set once: set through `init(index:…)` and then changed, the event would
        // be copied and destroyed once more (a retain and release of each part, per event).
        (self.index, self.type, self.at, self.attributes, self.kind) = (index, type, at, attributes, kind)
        form = typePosition != 0 || atPosition != 1 || !at.isDescribed(byUTF8: atBytes)
            ? .unusual(typePosition: typePosition, atPosition: atPosition, atText: String(decoding: atBytes, as: UTF8.self))
            : .usual
    }

    /// Calls `body` with each attribute except `type` and `at`, in written order.
    public func forEachAttribute(_ body: (String, JSONValue) -> Void) {
        for index in 0..<attributes.count { body(attributes.keys[index], attributes.values[index]) }
    }

    /// The event object as it was written: keys in written order, `at` with its own text.
    public var writtenObject: JSONObject {
        let (typePosition, atPosition, atText) = switch form {
        case .usual: (0, 1, at.description)
        case .unusual(let typePosition, let atPosition, let atText): (typePosition, atPosition, atText)
        }
        var object = JSONObject()
        var attribute = 0
        for position in 0..<(attributes.count + 2) {
            if position == typePosition {
                object.appendUnchecked(key: "type", value: .string(type))
            } else if position == atPosition {
                object.appendUnchecked(key: "at", value: .string(atText))
            } else if attribute < attributes.count {
                object.appendUnchecked(key: attributes.keys[attribute], value: attributes.values[attribute])
                attribute += 1
            }
        }
        return object
    }

    /// How the object was written, when not the usual way (boxed: nearly every event is usual).
    private enum WrittenForm: Sendable, Hashable {
        case usual
        indirect case unusual(typePosition: Int, atPosition: Int, atText: String)
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

    /// Attribute names computed by rulecheck, every declared event field but the written `type` and
    /// `at`; an event may not carry them (docs/facts.md).
    public static let computedNames: Set<String> = Set(FactTypes.EventField.allCases.map(\.rawValue)).subtracting(["type", "at"])
}
