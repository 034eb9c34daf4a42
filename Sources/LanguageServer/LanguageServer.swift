import Foundation
import JSON

/// The server's state and its answers: each message in, the messages it sends back out.
/// Nothing here reads or writes a stream (`StdioConnection` does), so a test drives it with
/// transcripts. A change only marks its rule set for a check; `checkPending()` checks each
/// marked rule set once, when no message is waiting, so a burst of keystrokes is checked once.
package struct LanguageServer: Sendable {
    package enum Phase: Sendable {
        case uninitialized, running, shutDown
    }

    package private(set) var phase = Phase.uninitialized
    /// Set by `exit`: 0 after `shutdown`, 1 without.
    package private(set) var exitStatus: Int32?
    var locator = RuleSetLocator(root: nil)
    /// Open buffers by URI.
    var documents: [String: TextDocument] = [:]
    /// Checked rule sets by their paths.
    var ruleSets: [[String]: RuleSetState] = [:]
    /// Each file's index with the text it was made from.
    var fileIndexes: [String: (text: String, index: RuleFileIndex)] = [:]
    /// Rule sets changed since their last check, in the order they changed.
    private(set) var pending: [RuleSetLocator.Located] = []
    /// The rule set of each URI asked about (nil: in none), found once.
    private var locatedByURI: [String: RuleSetLocator.Located?] = [:]
    /// Requests of the batch being handled that the client cancelled.
    private var cancelled: Set<JSONValue> = []

    package init() {}

    package var hasPendingChecks: Bool { !pending.isEmpty }

    /// Handles the frames read together: a request cancelled by a later message of the same
    /// batch gets `RequestCancelled` instead of its work.
    package mutating func receive(_ frames: [MessageFrameReader.Frame]) -> [JSONValue] {
        var messages: [Result<JSONRPCMessage, JSONRPCMessage.ParseFailure>] = []
        for frame in frames {
            switch frame {
            case .message(let body): messages.append(JSONRPCMessage.parse(body))
            case .malformed(let reason):
                messages.append(.failure(.init(id: .null, error: .parseError(reason))))
            }
        }
        cancelled = []
        for case .success(.notification("$/cancelRequest", let params)) in messages {
            if let id = params?["id"] { cancelled.insert(id) }
        }
        var out: [JSONValue] = []
        for message in messages {
            switch message {
            case .success(let message): out += handle(message)
            case .failure(let failure): out.append(JSONRPCMessage.response(id: failure.id, error: failure.error))
            }
            if exitStatus != nil { break }
        }
        cancelled = []
        return out
    }

    /// Handles one message.
    package mutating func handle(_ message: JSONRPCMessage) -> [JSONValue] {
        switch message {
        case .response:
            return []
        case .notification(let method, let params):
            return notified(method, params: params)
        case .request(let id, let method, let params):
            if cancelled.contains(id) { return [JSONRPCMessage.response(id: id, error: .requestCancelled)] }
            var out: [JSONValue] = []
            do {
                let result = try answer(method, params: params, out: &out)
                out.append(JSONRPCMessage.response(id: id, result: result))
            } catch {
                out.append(JSONRPCMessage.response(id: id, error: error))
            }
            return out
        }
    }

    /// The result of one request; `out` gets what must be sent before it (fresh diagnostics).
    private mutating func answer(_ method: String, params: JSONValue?,
                                 out: inout [JSONValue]) throws(JSONRPCError) -> JSONValue {
        switch phase {
        case .uninitialized where method != "initialize": throw .serverNotInitialized
        case .shutDown: throw .shutDown
        default: break
        }
        switch method {
        case "initialize":
            guard phase == .uninitialized else { throw .invalidRequest("the server is already initialized") }
            phase = .running
            locator = RuleSetLocator(root: Self.root(params))
            return ServerCapabilities.initializeResult
        case "shutdown":
            phase = .shutDown
            return .null
        default:
            guard let request = DocumentRequest(method: method) else { throw .methodNotFound(method) }
            guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
                throw .invalidParams("'\(method)' needs textDocument.uri")
            }
            out += checkPending(uri: uri)
            return respond(to: request, uri: uri, params: params)
        }
    }

    /// The root folder the client opened, from `rootUri`, `workspaceFolders` or `rootPath`.
    private static func root(_ params: JSONValue?) -> String? {
        if let uri = params?["rootUri"]?.stringValue { return DocumentURI.path(of: uri) }
        if let folder = params?["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue {
            return DocumentURI.path(of: folder)
        }
        return params?["rootPath"]?.stringValue.map(DocumentURI.standardized)
    }

    private mutating func notified(_ method: String, params: JSONValue?) -> [JSONValue] {
        if method == "exit" {
            exitStatus = phase == .shutDown ? 0 : 1
            return []
        }
        guard phase == .running, let document = params?["textDocument"] else { return [] }
        guard let uri = document["uri"]?.stringValue else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let text = document["text"]?.stringValue else { return [] }
            documents[uri] = TextDocument(uri: uri, version: document["version"]?.intValue ?? 0, text: text)
            markChanged(uri: uri)
        case "textDocument/didChange":
            guard var open = documents[uri], let changes = params?["contentChanges"]?.arrayValue else { return [] }
            open.apply(changes, version: document["version"]?.intValue ?? open.version + 1)
            documents[uri] = open
            markChanged(uri: uri)
        case "textDocument/didClose":
            documents[uri] = nil
            markChanged(uri: uri)
        case "textDocument/didSave":
            return saved(uri: uri)
        default:
            break
        }
        return []
    }

    /// Marks the rule set of `uri` for a check.
    private mutating func markChanged(uri: String) {
        guard let located = ruleSet(of: uri) else { return }
        if !pending.contains(located) { pending.append(located) }
    }

    /// The rule set `uri` belongs to, nil for none (a URI that names no rule file).
    mutating func ruleSet(of uri: String) -> RuleSetLocator.Located? {
        if let known = locatedByURI[uri] { return known }
        let located = DocumentURI.path(of: uri).flatMap { locator.ruleSet(of: $0) }
        if locatedByURI.count > 10_000 { locatedByURI = [:] }
        locatedByURI[uri] = located
        return located
    }

    /// Checks every rule set marked since its last check; the diagnostics to publish.
    package mutating func checkPending() -> [JSONValue] {
        var out: [JSONValue] = []
        while !pending.isEmpty { out += check(pending.removeFirst()) }
        return out
    }

    /// Checks the rule set of `uri` when it is marked, so that an answer reads the open buffers.
    mutating func checkPending(uri: String) -> [JSONValue] {
        guard let located = ruleSet(of: uri), let index = pending.firstIndex(of: located) else { return [] }
        return check(pending.remove(at: index))
    }

    /// Checks one rule set and publishes the diagnostics of each of its files.
    private mutating func check(_ located: RuleSetLocator.Located) -> [JSONValue] {
        var buffers: [String: String] = [:]
        for document in documents.values { if let path = document.path { buffers[path] = document.text } }
        var state = RuleSetState.check(located, buffers: buffers)
        state.lastGood = state.result.ruleSet ?? ruleSets[located.paths]?.lastGood
        if state.result.ruleSet == nil, let previous = ruleSets[located.paths] {
            // The same rule set as before is the one evaluated: its outcome stays.
            state.example = previous.example
            state.exampleEvaluated = previous.exampleEvaluated
        }
        let byFile = state.diagnosticsByFile
        let previously = ruleSets[located.paths]?.published ?? []
        var out: [JSONValue] = []
        for file in Set(byFile.keys).union(previously).sorted() {
            out.append(publication(file: file, diagnostics: byFile[file] ?? [], state: state))
        }
        state.published = Set(byFile.keys)
        ruleSets[located.paths] = state
        return out
    }
}
