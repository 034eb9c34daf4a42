import Diagnostics
import JSON

/// What the server tells the client at `initialize`.
enum ServerCapabilities {
    static var initializeResult: JSONValue {
        let sync = JSONValue.record(("openClose", .bool(true)), ("change", .int(2)),
                                    ("save", .record(("includeText", .bool(false)))))
        let capabilities = JSONValue.record(
            ("positionEncoding", .string("utf-16")),
            ("textDocumentSync", sync),
            ("completionProvider", .record(("triggerCharacters", .array([".", "\"", "'", "[", " "].map { .string($0) })))),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("documentSymbolProvider", .bool(true)),
            ("codeActionProvider", .record(("codeActionKinds", .array([.string("quickfix")])))),
            ("inlayHintProvider", .bool(true)))
        let info = JSONValue.record(("name", .string("rulecheck")), ("version", .string(RulecheckVersion.tool)))
        return .record(("capabilities", capabilities), ("serverInfo", info))
    }
}
