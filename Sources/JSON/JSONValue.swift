/// A JSON value that keeps object keys in the order they were written, so a state file can be
/// written back with its unknown keys unchanged (docs/state-file.md, `--write-state`).
///
/// Numbers written without a fraction or exponent that fit `Int64` are `.int`; every other
/// number is `.double`. A number whose text would not be written back the same way
/// (`12345678901234567890`, `0.1000000000000000055511`, `1E5`, `-0`) is `.literal`: its text
/// is kept for `--write-state`, and it reads as the `.int` or `.double` it stands for.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    /// Boxed: it is rare, and inline its text and values would make every value of a
    /// million-event state 16 bytes larger.
    indirect case literal(JSONNumberLiteral)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The object, when this is one.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array, when this is one.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// A number as the `.int` or `.double` it stands for; every other value as it is.
    public var resolved: JSONValue {
        if case .literal(let number) = self { return number.value }
        return self
    }

    /// The number as a double, for `.int`, `.double` and `.literal`.
    public var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .literal(let number): number.value.numberValue
        default: nil
        }
    }

    /// The number as an integer when it is whole (`3` and `3.0`), for `.int` and `.double`.
    public var wholeNumberValue: Int64? {
        switch self {
        case .int(let value):
            return value
        case .literal(let number):
            return number.value.wholeNumberValue
        case .double(let value):
            // Double(Int64.max) rounds up to 2^63, so the upper bound is exclusive.
            guard value.rounded() == value, value >= -9.223372036854775808e18, value < 9.223372036854775808e18
            else { return nil }
            return Int64(value)
        default:
            return nil
        }
    }

    /// What kind of value this is, for messages ("expected a string, found a number").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double, .literal: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
