import JSON

/// Writes one LSP message: its `Content-Length` header and its compact JSON body.
package enum MessageFrame {
    package static func encode(_ message: JSONValue) -> [UInt8] {
        var body: [UInt8] = []
        JSONWriter.write(message, layout: .compact, into: &body)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
