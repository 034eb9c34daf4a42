import JSON

/// A JSON-RPC error answer: its code (JSON-RPC's and LSP's own) and message.
package struct JSONRPCError: Error, Sendable, Hashable {
    package var code: Int
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    package static func parseError(_ message: String) -> JSONRPCError { JSONRPCError(code: -32700, message: message) }
    package static func invalidRequest(_ message: String) -> JSONRPCError { JSONRPCError(code: -32600, message: message) }
    package static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "unknown method '\(method)'")
    }
    package static func invalidParams(_ message: String) -> JSONRPCError { JSONRPCError(code: -32602, message: message) }
    package static let serverNotInitialized = JSONRPCError(code: -32002, message: "the server is not initialized")
    package static let requestCancelled = JSONRPCError(code: -32800, message: "the request was cancelled")
    package static let shutDown = JSONRPCError(code: -32600, message: "the server was shut down")

    var json: JSONValue {
        .record(("code", .int(Int64(code))), ("message", .string(message)))
    }
}

extension JSONValue {
    /// An object of these entries, in this order.
    static func record(_ entries: (String, JSONValue)...) -> JSONValue {
        .object(JSONObject(entries.map { (key: $0.0, value: $0.1) }))
    }

    subscript(key: String) -> JSONValue? { objectValue?[key] }

    var intValue: Int? { wholeNumberValue.flatMap { Int(exactly: $0) } }
}
