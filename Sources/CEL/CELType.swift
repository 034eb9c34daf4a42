/// A CEL type (langdef "Types"), plus records with known fields declared by the host.
package indirect enum CELType: Sendable, Hashable, CustomStringConvertible {
    case dyn, null, bool, int, uint, double, string, bytes, timestamp, duration, error
    case list(CELType)
    case map(CELType, CELType)
    /// The type of a type value: `type(int)`.
    case type(CELType)
    case typeParam(String)
    /// An abstract (opaque) type with parameters, such as `optional_type(int)`.
    case opaque(String, [CELType])
    case record(CELRecordType)

    /// The type as CEL prints it: `int`, `list(string)`, `map(string, dyn)`, `null_type`,
    /// `google.protobuf.Timestamp`.
    package var description: String {
        switch self {
        case .dyn: return "dyn"
        case .null: return "null_type"
        case .bool: return "bool"
        case .int: return "int"
        case .uint: return "uint"
        case .double: return "double"
        case .string: return "string"
        case .bytes: return "bytes"
        case .timestamp: return "google.protobuf.Timestamp"
        case .duration: return "google.protobuf.Duration"
        case .error: return "*error*"
        case .list(let element): return "list(\(element))"
        case .map(let key, let value): return "map(\(key), \(value))"
        case .type(let type): return "type(\(type))"
        case .typeParam(let name): return name
        case .opaque(let name, let parameters):
            return parameters.isEmpty ? name : "\(name)(\(parameters.map(\.description).joined(separator: ", ")))"
        case .record(let record): return record.name
        }
    }

    /// The unparameterized name of the type's kind, as a type value prints (`list`, `map`, `type`).
    package var kindName: String {
        switch self {
        case .list: return "list"
        case .map: return "map"
        case .type: return "type"
        case .opaque(let name, _): return name
        default: return description
        }
    }

    /// The type denoted by a type name written in an expression (`int`, `list`, `null_type`,
    /// `google.protobuf.Timestamp`), or `nil` when `name` names no built-in type.
    package static func named(_ name: String) -> CELType? {
        switch name {
        case "dyn": return .dyn
        case "null_type": return .null
        case "bool": return .bool
        case "int": return .int
        case "uint": return .uint
        case "double": return .double
        case "string": return .string
        case "bytes": return .bytes
        case "list": return .list(.dyn)
        case "map": return .map(.dyn, .dyn)
        case "type": return .type(.dyn)
        case "google.protobuf.Timestamp": return .timestamp
        case "google.protobuf.Duration": return .duration
        case CELOptionalSyntax.typeName: return CELOptionalSyntax.type(.dyn)
        default: return nil
        }
    }

    /// The parameters of a parameterized type, in order.
    var parameters: [CELType] {
        switch self {
        case .list(let element): return [element]
        case .map(let key, let value): return [key, value]
        case .type(let type): return [type]
        case .opaque(_, let parameters): return parameters
        default: return []
        }
    }

    /// The same kind of type with new parameters (same count as `parameters`).
    func withParameters(_ parameters: [CELType]) -> CELType {
        switch self {
        case .list: return .list(parameters.first ?? .dyn)
        case .map: return .map(parameters.first ?? .dyn, parameters.dropFirst().first ?? .dyn)
        case .type: return .type(parameters.first ?? .dyn)
        case .opaque(let name, _): return .opaque(name, parameters)
        default: return self
        }
    }

    var isDynOrError: Bool { self == .dyn || self == .error }
}
