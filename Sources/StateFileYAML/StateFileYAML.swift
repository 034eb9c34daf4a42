import Diagnostics
import Facts
import JSON
import YAMLSource

/// Reads a YAML state file into the same `JSONValue` tree a JSON one produces, so one decoder
/// validates both. Scalars follow the YAML 1.2 core schema (`yes` stays a string).
enum StateFileYAML {
    static func document(bytes: [UInt8], file: String) throws(StateFileError) -> JSONValue {
        // The YAML loader keeps a whole node tree with positions; large histories belong in JSON.
        guard bytes.count <= YAMLLoader.maxFileSize else {
            throw StateFileError(file: file, path: .root,
                                 message: "YAML state files are limited to 10 MiB; write large histories as JSON")
        }
        let result = YAMLLoader.load(bytes: bytes, file: file)
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw StateFileError(file: file, path: .root, message: error.message,
                                 line: error.span?.start.line, column: error.span?.start.column)
        }
        guard let document = result.document else {
            throw StateFileError(file: file, path: .root, message: "the file holds no YAML document")
        }
        return try value(of: document.root, path: .root, file: file)
    }

    /// A plain number whose text is also a JSON number that the writer would change
    /// (`0.1000000000000000055511`, `1e5`): kept as written, as in a JSON state.
    private static func exactNumber(_ node: YAMLNode) -> JSONValue? {
        guard case .scalar(let text, .plain) = node.kind, node.tag == nil,
              case .literal(let number)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        return .literal(number)
    }

    private static func value(of node: YAMLNode, path: JSONPath, file: String) throws(StateFileError) -> JSONValue {
        switch node.kind {
        case .scalar:
            switch node.scalarValue {
            case .null?, nil: return .null
            case .bool(let flag)?: return .bool(flag)
            case .int(let number)?: return exactNumber(node) ?? .int(number)
            case .double(let number)?:
                guard number.isFinite else {
                    throw StateFileError(file: file, path: path, message: "not a finite number",
                                         line: node.span.start.line, column: node.span.start.column)
                }
                return exactNumber(node) ?? .double(number)
            case .string(let text)?: return .string(text)
            }
        case .sequence(let nodes):
            var elements: [JSONValue] = []
            elements.reserveCapacity(nodes.count)
            for (index, element) in nodes.enumerated() {
                elements.append(try value(of: element, path: path / index, file: file))
            }
            return .array(elements)
        case .mapping(let pairs):
            var object = JSONObject()
            for pair in pairs {
                guard case .scalar(let key, _) = pair.key.kind else {
                    throw StateFileError(file: file, path: path, message: "keys must be plain text",
                                         line: pair.key.span.start.line, column: pair.key.span.start.column)
                }
                // YAML tells `1` from '1'; JSON, and so the written-back state, cannot.
                guard object[key] == nil else {
                    throw StateFileError(file: file, path: path / key,
                                         message: "two keys of this mapping are both the text '\(key)' (such as 1 and '1'); a state has one value per key",
                                         line: pair.key.span.start.line, column: pair.key.span.start.column)
                }
                object[key] = try value(of: pair.value, path: path / key, file: file)
            }
            return .object(object)
        }
    }
}
