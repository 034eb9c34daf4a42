import JSON

/// One JSON-RPC 2.0 message as the server reads it.
package enum JSONRPCMessage: Sendable, Hashable {
    /// A request: its id (a number or a string, kept as written), method and params.
    case request(id: JSONValue, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// An answer to a request of the server's; the server sends none that need one, so it is ignored.
    case response(id: JSONValue)

    /// Reads a message body; an error says why it is not a message (and the id when one was read).
    package static func parse(_ body: [UInt8]) -> Result<JSONRPCMessage, ParseFailure> {
        let value: JSONValue
        do { value = try JSONParser.parse(body) } catch {
            return .failure(ParseFailure(id: .null, error: .parseError("the message is not JSON: \(error)")))
        }
        return parse(value)
    }

    package static func parse(_ value: JSONValue) -> Result<JSONRPCMessage, ParseFailure> {
        guard let object = value.objectValue else {
            return .failure(ParseFailure(id: .null, error: .invalidRequest("a message must be a JSON object")))
        }
        let id = object["id"]
        if let id, !Self.isValidID(id) {
            return .failure(ParseFailure(id: .null, error: .invalidRequest("a message id must be a number or a string")))
        }
        guard let methodValue = object["method"] else {
            if let id, object["result"] != nil || object["error"] != nil { return .success(.response(id: id)) }
            return .failure(ParseFailure(id: id ?? .null, error: .invalidRequest("a message without a method")))
        }
        guard let method = methodValue.stringValue else {
            return .failure(ParseFailure(id: id ?? .null, error: .invalidRequest("the method must be a string")))
        }
        let params = object["params"]
        if let id { return .success(.request(id: id, method: method, params: params)) }
        return .success(.notification(method: method, params: params))
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id.resolved {
        case .int, .string: true
        default: false
        }
    }

    /// Why a body is not a message, and the id to answer with (`null` when none could be read).
    package struct ParseFailure: Error, Sendable, Hashable {
        package var id: JSONValue
        package var error: JSONRPCError
    }

    package static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .record(("jsonrpc", .string("2.0")), ("id", id), ("result", result))
    }

    package static func response(id: JSONValue, error: JSONRPCError) -> JSONValue {
        .record(("jsonrpc", .string("2.0")), ("id", id), ("error", error.json))
    }

    package static func notification(method: String, params: JSONValue) -> JSONValue {
        .record(("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params))
    }
}
