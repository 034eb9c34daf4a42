import Foundation
import JSON
import LanguageServer

/// The `lsp` fuzz target: the bytes are a script of editor actions on one of the products' rule
/// files, run through `LanguageServer` as a client would send them: edits at any position (text
/// from the input, half-written CEL and broken YAML included), every request at any position,
/// saves and idle moments (when the server checks). Whatever the script, every request gets an
/// answer and nothing traps.
struct LanguageServerScript {
    /// The products' rule files (the driver runs from the repository's root).
    static let files: [String] = {
        let root = FileManager.default.currentDirectoryPath
        let found = FileManager.default.enumerator(atPath: root + "/rules")?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".yaml") }.sorted().map { root + "/rules/" + $0 }
    }()

    static let methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition",
                          "textDocument/references", "textDocument/documentSymbol", "textDocument/codeAction",
                          "textDocument/inlayHint", "workspace/unknown"]

    private var bytes: ArraySlice<UInt8>
    private var server = LanguageServer()
    private var version = 1
    private var nextID: Int64 = 1
    private let uri: String

    init?(_ input: [UInt8]) {
        guard let first = input.first, !Self.files.isEmpty else { return nil }
        let file = Self.files[Int(first) % Self.files.count]
        uri = "file://" + file
        bytes = input.dropFirst()
        let root = FileManager.default.currentDirectoryPath
        send(request: "initialize", .record(("rootUri", .string("file://" + root)), ("capabilities", .record())))
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        send(notification: "textDocument/didOpen", .record(("textDocument", .record(
            ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .int(1)), ("text", .string(text))))))
    }

    mutating func run() {
        while let op = take() {
            switch op % 4 {
            case 0: edit()
            case 1: request(Self.methods[Int(take() ?? 0) % Self.methods.count])
            case 2: send(notification: "textDocument/didSave", .record(("textDocument", .record(("uri", .string(uri))))))
            default: _ = server.checkPending()
            }
        }
        _ = server.checkPending()
        for method in Self.methods { request(method) }
        send(request: "shutdown", .null)
        send(notification: "exit", .null)
        precondition(server.exitStatus == 0, "exit after shutdown")
    }

    private mutating func take() -> UInt8? { bytes.popFirst() }

    private mutating func position() -> JSONValue {
        let line = Int64(take() ?? 0), character = Int64(take() ?? 0)
        return .record(("line", .int(line % 200)), ("character", .int(character % 120)))
    }

    private mutating func edit() {
        let start = position()
        let deleted = Int64(take() ?? 0) % 8
        let count = Int(take() ?? 0) % 32
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        bytes = bytes.dropFirst(count)
        var end = start
        if case .object(var object) = start, case .int(let character)? = object["character"] {
            object["character"] = .int(character + deleted)
            end = .object(object)
        }
        version += 1
        let change = JSONValue.record(("range", .record(("start", start), ("end", end))), ("text", .string(text)))
        send(notification: "textDocument/didChange", .record(
            ("textDocument", .record(("uri", .string(uri)), ("version", .int(Int64(version))))),
            ("contentChanges", .array([change]))))
    }

    private mutating func request(_ method: String) {
        let whole = JSONValue.record(("start", .record(("line", .int(0)), ("character", .int(0)))),
                                     ("end", .record(("line", .int(10_000)), ("character", .int(0)))))
        let params = JSONValue.record(("textDocument", .record(("uri", .string(uri)))), ("position", position()),
                                      ("range", whole), ("context", .record(("includeDeclaration", .bool(true)),
                                                                            ("diagnostics", .array([])))))
        let id = nextID
        let answers = send(request: method, params)
        precondition(answers.contains { $0.objectValue?["id"] == .int(id) }, "\(method) got no answer")
    }

    @discardableResult
    private mutating func send(request method: String, _ params: JSONValue) -> [JSONValue] {
        defer { nextID += 1 }
        let message = JSONValue.record(("jsonrpc", .string("2.0")), ("id", .int(nextID)), ("method", .string(method)),
                                       ("params", params))
        return server.receive([.message(Array(JSONWriter.write(message, layout: .compact).utf8))])
    }

    private mutating func send(notification method: String, _ params: JSONValue) {
        let message = JSONValue.record(("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params))
        _ = server.receive([.message(Array(JSONWriter.write(message, layout: .compact).utf8))])
    }
}

extension JSONValue {
    /// An object of these entries, in this order.
    static func record(_ entries: (String, JSONValue)...) -> JSONValue {
        .object(JSONObject(entries.map { (key: $0.0, value: $0.1) }))
    }
}
