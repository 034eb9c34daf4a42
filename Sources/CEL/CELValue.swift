/// A CEL run-time value. Errors are values (`.error`) so `&&`/`||` can absorb them.
///
/// Records declared by the host are plain `.map` values with string keys at run time.
package enum CELValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case list(CELList)
    case map(CELMap)
    case timestamp(CELTimestamp)
    case duration(CELDuration)
    case type(CELType)
    /// An optional value (cel-go's optional values): `nil` is `optional.none()`. Boxed.
    indirect case optional(CELValue?)
    /// Boxed, so that the rare error does not make every value larger.
    indirect case error(CELError)
}

extension CELValue {
    /// The run-time type of the value, as `type(x)` returns it. Lists and maps have no element
    /// types at run time, so `type([1]) == type(['a'])`.
    package var runtimeType: CELType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .uint: .uint
        case .double: .double
        case .string: .string
        case .bytes: .bytes
        case .list: .list(.dyn)
        case .map: .map(.dyn, .dyn)
        case .timestamp: .timestamp
        case .duration: .duration
        case .type: .type(.dyn)
        case .optional: CELOptionalSyntax.type(.dyn)
        case .error: .error
        }
    }

    /// The CEL name of the value's run-time type (`int`, `list`, `google.protobuf.Timestamp`).
    package var typeName: String { runtimeType.runtimeName }

    /// The error carried by the value, if it is one.
    package var error: CELError? {
        if case .error(let error) = self { return error }
        return nil
    }

    package var isError: Bool {
        if case .error = self { return true }
        return false
    }

    /// Convenience for hosts building records: a map with string keys.
    package static func record(_ fields: [(String, CELValue)]) -> CELValue {
        .map(CELMap(strings: fields.map { (key: $0.0, value: $0.1) }))
    }
}

extension CELType {
    /// The name a type value has at run time: parameters are dropped (`list`, `map`), records
    /// keep their declared name, timestamps and durations use their protobuf names.
    package var runtimeName: String {
        switch self {
        case .dyn: "dyn"
        case .null: "null_type"
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .string: "string"
        case .bytes: "bytes"
        case .timestamp: "google.protobuf.Timestamp"
        case .duration: "google.protobuf.Duration"
        case .error: "error"
        case .list: "list"
        case .map: "map"
        case .type: "type"
        case .typeParam(let name): name
        case .opaque(let name, _): name
        case .record(let record): record.name
        }
    }
}

extension CELValue {
    /// Moves a list out of this value, leaving `.null`, so the caller holds the only reference.
    mutating func takeList() -> CELList? {
        guard case .list(let list) = self else { return nil }
        self = .null
        return list
    }
}
