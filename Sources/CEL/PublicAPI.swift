// The public surface of the CEL module that the rules engine codes against.
// PLACEHOLDER BODIES: the CEL work (issue 3) replaces every body in this file and splits it
// into one file per type. Signatures may grow but should not break.

/// A CEL type (langdef "Types"), plus records with known fields declared by the host.
public indirect enum CELType: Sendable, Hashable, CustomStringConvertible {
    case dyn, null, bool, int, uint, double, string, bytes, timestamp, duration, error
    case list(CELType)
    case map(CELType, CELType)
    /// The type of a type value: `type(int)`.
    case type(CELType)
    case typeParam(String)
    /// An abstract (opaque) type with parameters, such as `optional_type(int)`.
    case opaque(String, [CELType])
    case record(CELRecordType)

    public var description: String { "\(self)" }
}

/// A host-declared record (like a proto message without protobuf): known fields with types.
/// Selecting an unknown field is a checker error ("no such field 'minuts'; did you mean
/// 'minutes'?") unless the record is open, in which case unknown fields are `dyn`.
/// At run time a record value is a `CELValue.map` with string keys.
public final class CELRecordType: Sendable, Hashable {
    public let name: String
    public let fields: [(name: String, type: CELType)]
    public let isOpen: Bool

    public init(name: String, fields: [(name: String, type: CELType)], isOpen: Bool = false) {
        self.name = name
        self.fields = fields
        self.isOpen = isOpen
    }

    public func fieldType(_ name: String) -> CELType? { fields.first { $0.name == name }?.type }

    public static func == (a: CELRecordType, b: CELRecordType) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A CEL run-time value. Errors are values (`.error`) so `&&`/`||` can absorb them.
public enum CELValue: Sendable {
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
    case error(CELError)
}

/// A list value. `init(prefixOf:count:)` shares storage so a replay can hand out growing
/// prefixes of one big array in O(1).
public struct CELList: Sendable {
    public init(_ elements: [CELValue]) {}
    public init(prefixOf storage: [CELValue], count: Int) {}
    public var count: Int { 0 }
    public subscript(index: Int) -> CELValue { .null }
}

/// A map value with keys of type bool, int, uint or string. Iterates in insertion order.
public struct CELMap: Sendable {
    public init(_ entries: [(key: CELValue, value: CELValue)]) {}
    public init(strings: [(key: String, value: CELValue)]) {}
    public var count: Int { 0 }
    public subscript(key: CELValue) -> CELValue? { nil }
    public subscript(string key: String) -> CELValue? { nil }
}

/// An instant with nanosecond precision (range 0001-01-01 … 9999-12-31 UTC).
public struct CELTimestamp: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanos: Int32
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }
    public static func < (a: CELTimestamp, b: CELTimestamp) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }

    /// Parses RFC 3339 (`2026-01-05T23:10:00+08:00`, `...Z`, fractional seconds), returning the
    /// instant and the written UTC offset in seconds. `nil` when malformed or without an offset.
    public static func parseRFC3339(_ text: String) -> (timestamp: CELTimestamp, offsetSeconds: Int)? { nil }

    /// Formats as RFC 3339 in the given offset (`+08:00`, or `Z` when `offsetSeconds` is 0 and
    /// `useZ` is true); fractional seconds only when non-zero.
    public func rfc3339(offsetSeconds: Int, useZ: Bool = true) -> String { "" }
}

/// A signed span of time with nanosecond precision (±10,000 years).
public struct CELDuration: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanos: Int32
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }
    public static func < (a: CELDuration, b: CELDuration) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }
}

/// An evaluation error carried as a value.
public struct CELError: Error, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case noSuchOverload, noSuchField, noSuchKey, divideByZero, overflow, range, invalidArgument,
             noSuchVariable, costLimitExceeded, other
    }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// A problem found while parsing or checking, with its place in the expression source.
public struct CELIssue: Error, Sendable, Hashable {
    public var message: String
    /// Offset of the offending token, in Unicode scalars from the start of the source.
    public var offset: Int
    /// Length of the offending token in Unicode scalars (at least 1).
    public var length: Int
    /// 1-based line and column (Unicode scalars) inside the expression source.
    public var line: Int
    public var column: Int
    public init(message: String, offset: Int, length: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.length = length
        self.line = line
        self.column = column
    }
}

/// Declarations that expressions are checked against, and the entry point to compile them.
public struct CELEnvironment: Sendable {
    public init(container: String = "") {}
    public mutating func declare(variable name: String, type: CELType) {}
    /// Compiles (parse → check → plan). Errors are sorted by position.
    public func compile(_ source: String) -> Result<CELProgram, CELCompileErrors> {
        .failure(CELCompileErrors(issues: []))
    }
}

public struct CELCompileErrors: Error, Sendable {
    public var issues: [CELIssue]
    public init(issues: [CELIssue]) { self.issues = issues }
}

/// Variable bindings for one evaluation.
public struct CELActivation: Sendable {
    public init(_ bindings: [String: CELValue]) {}
}

/// A compiled, immutable, thread-safe program.
public struct CELProgram: Sendable {
    /// The checked type of the whole expression.
    public var resultType: CELType { .dyn }
    /// The parsed, macro-expanded AST (for hosts that inspect shapes like `X >= N`).
    public func evaluate(_ activation: CELActivation, costLimit: Int = 10_000_000) -> CELValue { .null }
}
