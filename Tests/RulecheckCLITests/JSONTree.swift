import Foundation

/// A parsed JSON document as plain data, so expectations and the tool's output compare without
/// Foundation's bridging (where `true` and `1` can look alike).
enum JSONTree: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    /// Parses `text`; `nil` when it is not JSON.
    static func parse(_ text: String) -> JSONTree? {
        try? JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))
    }

    /// Parses the file at `path`; `nil` when it is missing or not JSON.
    static func load(_ path: String) -> JSONTree? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(JSONTree.self, from: data)
    }

    subscript(key: String) -> JSONTree? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var objectValue: [String: JSONTree]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [JSONTree]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A short rendering for failure messages.
    var brief: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string(let text): "\"\(text)\""
        case .array(let items): "[" + items.map(\.brief).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\($0): \(members[$0]?.brief ?? "")" }.joined(separator: ", ") + "}"
        }
    }
}
