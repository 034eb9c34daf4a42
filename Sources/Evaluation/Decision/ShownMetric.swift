import CEL
import Foundation
import JSON

/// A metric marked `show: true` and its value at `now` (one entry of the decision's `metrics`;
/// docs/evaluation.md, "Shown metrics").
public struct ShownMetric: Sendable, Hashable {
    public var id: String
    /// The value as JSON; `null` when the metric evaluates to an error (the decision then has a
    /// `rule_error` warning naming it).
    public var value: JSONValue

    public init(id: String, value: JSONValue) {
        self.id = id
        self.value = value
    }

    /// A CEL value as JSON, the way proto3's JSON mapping writes it: maps in written order (keys
    /// that are not strings as their text), timestamps in RFC 3339 at `offsetSeconds`, durations
    /// as seconds with an `s` (`"90s"`, `"1.5s"`), bytes in base64, a double that is not finite
    /// as `"NaN"`, `"Infinity"` or `"-Infinity"`, an optional as its value or null, a type as its
    /// name; an error as null.
    package static func json(_ value: CELValue, offsetSeconds: Int) -> JSONValue {
        switch value {
        case .null, .error, .optional(nil): return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .uint(let number): return number <= UInt64(Int64.max) ? .int(Int64(number)) : .double(Double(number))
        case .double(let number):
            guard number.isFinite else { return .string(number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity") }
            return .double(number)
        case .string(let text): return .string(text)
        case .bytes(let bytes): return .string(Data(bytes).base64EncodedString())
        case .timestamp(let instant): return .string(instant.rfc3339(offsetSeconds: offsetSeconds))
        case .duration(let span): return .string(text(of: span))
        case .type(let type): return .string(type.runtimeName)
        case .optional(let wrapped?): return json(wrapped, offsetSeconds: offsetSeconds)
        case .list(let list): return .array(list.array.map { json($0, offsetSeconds: offsetSeconds) })
        case .map(let map):
            return .object(JSONObject(map.entries.map { entry in
                let key: String = if case .string(let text) = entry.key { text } else { "\(entry.key)" }
                return (key: key, value: json(entry.value, offsetSeconds: offsetSeconds))
            }))
        }
    }

    /// `"-1.5s"`: seconds with up to nine fraction digits, trailing zeros dropped.
    private static func text(of span: CELDuration) -> String {
        let negative = span.seconds < 0 || span.nanos < 0
        var text = negative ? "-" : ""
        text += String(span.seconds.magnitude)
        let nanos = Int(span.nanos.magnitude)
        if nanos > 0 {
            var fraction = String(nanos)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "s"
    }
}
