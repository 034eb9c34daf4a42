import Diagnostics
import Foundation
import JSON

extension LanguageServer {
    /// The answer to a request about one document; a document in no rule set, or a rule set
    /// not checked yet, gets the empty answer of the request.
    mutating func respond(to request: DocumentRequest, uri: String, params: JSONValue?) -> JSONValue {
        guard let located = ruleSet(of: uri), let path = DocumentURI.path(of: uri),
              var state = ruleSets[located.paths] else {
            return Self.emptyAnswer(request)
        }
        if request == .inlayHint || request == .hover, !state.exampleEvaluated {
            state.evaluateExample()
            ruleSets[located.paths] = state
        }
        if state.index == nil {
            state.index = index(of: state)
            ruleSets[located.paths] = state
        }
        guard let table = lines(of: path, in: state), let index = state.index else { return Self.emptyAnswer(request) }
        let position = LSPPosition(params?["position"]).map { table.sourcePosition(of: $0) }
        let server = self
        let context = RequestContext(path: path, lines: table, state: state, index: index, located: located,
                                     linesOf: { server.lines(of: $0, in: state) })
        let answer: JSONValue?
        switch request {
        case .documentSymbol: answer = context.documentSymbols()
        case .codeAction: answer = LSPRange(params?["range"]).map { context.codeActions(in: $0) }
        case .inlayHint: answer = LSPRange(params?["range"]).map { context.inlayHints(in: $0) }
        case .definition: answer = position.map { context.definition(at: $0) }
        case .references:
            let declarations = params?["context"]?["includeDeclaration"] == .bool(true)
            answer = position.map { context.references(at: $0, includingDeclarations: declarations) }
        case .hover: answer = position.map { context.hover(at: $0) }
        case .completion: answer = position.map { context.completion(at: $0) }
        }
        return answer ?? Self.emptyAnswer(request)
    }

    /// The index of a checked rule set: each file's from the cache while its text is unchanged
    /// (an edit re-indexes its own file only).
    private mutating func index(of state: RuleSetState) -> RuleSetIndex {
        var files: [String: RuleFileIndex] = [:]
        for file in state.result.files {
            guard let text = document(at: file)?.text ?? state.result.sources[file]
                    ?? FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }) else { continue }
            if let cached = fileIndexes[file], cached.text == text {
                files[file] = cached.index
            } else if let index = RuleSetIndex.index(text: text, file: file) {
                fileIndexes[file] = (text, index)
                files[file] = index
            }
        }
        return RuleSetIndex(files: files)
    }

    static func emptyAnswer(_ request: DocumentRequest) -> JSONValue {
        switch request {
        case .hover, .definition: .null
        case .completion: .record(("isIncomplete", .bool(false)), ("items", .array([])))
        case .references, .documentSymbol, .codeAction, .inlayHint: .array([])
        }
    }
}
