import JSON

extension LanguageServer {
    /// The answer to a request about one document; a document in no rule set, or a rule set
    /// not checked yet, gets the empty answer of the request.
    mutating func respond(to request: DocumentRequest, uri: String, params: JSONValue?) -> JSONValue {
        guard let located = ruleSet(of: uri), let state = ruleSets[located.paths] else {
            return Self.emptyAnswer(request)
        }
        _ = state
        return Self.emptyAnswer(request)
    }

    static func emptyAnswer(_ request: DocumentRequest) -> JSONValue {
        switch request {
        case .hover, .definition: .null
        case .completion: .record(("isIncomplete", .bool(false)), ("items", .array([])))
        case .references, .documentSymbol, .codeAction, .inlayHint: .array([])
        }
    }
}
