import Foundation
@testable import CEL

/// Decoding of the conformance suite's JSON values and types (the proto3 JSON mapping of
/// `cel.expr.Value` and `cel.expr.Type`, described in the spec directory's README).
enum ConformanceValue {
    enum DecodeError: Error {
        case unsupported(String)
    }

    static func value(_ json: Any) throws -> CELValue {
        guard let object = json as? [String: Any], let (key, payload) = object.first else {
            throw DecodeError.unsupported("value \(json)")
        }
        switch key {
        case "null_value": return .null
        case "bool_value": return .bool((payload as? Bool) ?? false)
        case "int64_value":
            guard let text = payload as? String, let i = Int64(text) else { throw DecodeError.unsupported("int64 \(payload)") }
            return .int(i)
        case "uint64_value":
            guard let text = payload as? String, let u = UInt64(text) else { throw DecodeError.unsupported("uint64 \(payload)") }
            return .uint(u)
        case "double_value": return .double(try double(payload))
        case "string_value": return .string((payload as? String) ?? "")
        case "bytes_value":
            guard let text = payload as? String, let data = Data(base64Encoded: text) else {
                throw DecodeError.unsupported("bytes \(payload)")
            }
            return .bytes([UInt8](data))
        case "list_value":
            let values = ((payload as? [String: Any])?["values"] as? [Any]) ?? []
            return .list(CELList(try values.map(value)))
        case "map_value":
            let entries = ((payload as? [String: Any])?["entries"] as? [[String: Any]]) ?? []
            return .map(CELMap(try entries.map { entry in
                (key: try value(entry["key"] as Any), value: try value(entry["value"] as Any))
            }))
        case "type_value":
            guard let name = payload as? String, let type = typeNamed(name) else { throw DecodeError.unsupported("type \(payload)") }
            return .type(type)
        case "object_value":
            guard let any = payload as? [String: Any], let url = any["@type"] as? String, let inner = any["value"] as? String else {
                throw DecodeError.unsupported("object \(payload)")
            }
            if url.hasSuffix("google.protobuf.Timestamp"), let parsed = CELTimestamp.parseRFC3339(inner) {
                return .timestamp(parsed.timestamp)
            }
            if url.hasSuffix("google.protobuf.Duration"), let d = CELDuration.parse(inner) {
                return .duration(d)
            }
            throw DecodeError.unsupported("object \(url)")
        default:
            throw DecodeError.unsupported(key)
        }
    }

    static func double(_ payload: Any) throws -> Double {
        if let text = payload as? String {
            switch text {
            case "NaN": return .nan
            case "Infinity": return .infinity
            case "-Infinity": return -.infinity
            default: throw DecodeError.unsupported("double \(text)")
            }
        }
        guard let number = payload as? NSNumber else { throw DecodeError.unsupported("double \(payload)") }
        return number.doubleValue
    }

    static func typeNamed(_ name: String) -> CELType? {
        switch name {
        case "int": .int
        case "uint": .uint
        case "double": .double
        case "bool": .bool
        case "string": .string
        case "bytes": .bytes
        case "list": .list(.dyn)
        case "map": .map(.dyn, .dyn)
        case "null_type": .null
        case "type": .type(.dyn)
        case "google.protobuf.Timestamp": .timestamp
        case "google.protobuf.Duration": .duration
        default: nil
        }
    }

    static func type(_ json: Any) throws -> CELType {
        guard let object = json as? [String: Any], let (key, payload) = object.first else {
            throw DecodeError.unsupported("type \(json)")
        }
        switch key {
        case "primitive":
            switch payload as? String {
            case "BOOL": return .bool
            case "INT64": return .int
            case "UINT64": return .uint
            case "DOUBLE": return .double
            case "STRING": return .string
            case "BYTES": return .bytes
            default: throw DecodeError.unsupported("primitive \(payload)")
            }
        case "well_known":
            switch payload as? String {
            case "TIMESTAMP": return .timestamp
            case "DURATION": return .duration
            case "ANY": return .dyn
            default: throw DecodeError.unsupported("well_known \(payload)")
            }
        case "dyn": return .dyn
        case "null": return .null
        case "error": return .error
        case "list_type":
            return .list(try type((payload as? [String: Any])?["elem_type"] as Any))
        case "map_type":
            let map = payload as? [String: Any]
            return .map(try type(map?["key_type"] as Any), try type(map?["value_type"] as Any))
        case "message_type":
            switch payload as? String {
            case "google.protobuf.Timestamp": return .timestamp
            case "google.protobuf.Duration": return .duration
            default: throw DecodeError.unsupported("message \(payload)")
            }
        case "type_param":
            return .typeParam((payload as? String) ?? "")
        case "type":
            return .type(try type(payload))
        case "abstract_type":
            let abstract = payload as? [String: Any]
            let parameters = try ((abstract?["parameter_types"] as? [Any]) ?? []).map(type)
            return .opaque((abstract?["name"] as? String) ?? "", parameters)
        default:
            throw DecodeError.unsupported("type \(key)")
        }
    }
}
