import Foundation
import JSON
import LanguageServer
import Testing
import TestSupport

/// A buffer past the rule file limit (10 MiB) gets `validate`'s error for it, and every request
/// about it an answer: never a crash, a hang or a lost buffer.
@Suite struct BufferLimitTests {
    static func message(_ entries: KeyValuePairs<String, JSONValue>) -> MessageFrameReader.Frame {
        let value = JSONValue.object(JSONObject(entries.map { (key: $0.key, value: $0.value) }))
        return .message(Array(JSONWriter.write(value, layout: .compact).utf8))
    }

    @Test func aBufferOverTheLimitIsAnErrorAndRequestsAreAnswered() throws {
        let folder = Repository.path("Tests", "LanguageServerTests", "Fixtures", "chinese")
        let uri = "file://" + folder + "/rules.yaml"
        var server = LanguageServer()
        _ = server.receive([Self.message(["jsonrpc": .string("2.0"), "id": .int(1), "method": .string("initialize"),
                                          "params": .object(JSONObject())])])
        let text = "schema: 1\n# " + String(repeating: "专", count: 3_600_000) + "\n"
        #expect(text.utf8.count > 10 * 1024 * 1024)
        let document = JSONValue.object(JSONObject([("uri", .string(uri)), ("languageId", .string("yaml")),
                                                    ("version", .int(1)), ("text", .string(text))]))
        _ = server.receive([Self.message(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
                                          "params": .object(JSONObject([("textDocument", document)]))])])
        let published = server.checkPending()
        let own = try #require(published.first { $0.objectValue?["params"]?.objectValue?["uri"] == .string(uri) })
        let diagnostics = own.objectValue?["params"]?.objectValue?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.objectValue?["message"]?.stringValue?.contains("MiB") == true
                || diagnostics.first?.objectValue?["message"]?.stringValue?.contains("large") == true,
                "\(diagnostics)")
        for (index, method) in ["textDocument/hover", "textDocument/completion", "textDocument/documentSymbol",
                                "textDocument/inlayHint"].enumerated() {
            let params = JSONValue.object(JSONObject([
                ("textDocument", .object(JSONObject([("uri", .string(uri))]))),
                ("position", .object(JSONObject([("line", .int(1)), ("character", .int(5))]))),
                ("range", .object(JSONObject([("start", .object(JSONObject([("line", .int(0)), ("character", .int(0))]))),
                                              ("end", .object(JSONObject([("line", .int(9)), ("character", .int(0))])))])))]))
            let answers = server.receive([Self.message(["jsonrpc": .string("2.0"), "id": .int(Int64(10 + index)),
                                                        "method": .string(method), "params": params])])
            #expect(answers.contains { $0.objectValue?["id"] == .int(Int64(10 + index)) && $0.objectValue?["result"] != nil },
                    "\(method)")
        }
    }
}
