/// The requests about one document that the server answers.
enum DocumentRequest: String, Sendable, CaseIterable {
    case completion = "textDocument/completion"
    case hover = "textDocument/hover"
    case definition = "textDocument/definition"
    case references = "textDocument/references"
    case documentSymbol = "textDocument/documentSymbol"
    case codeAction = "textDocument/codeAction"
    case inlayHint = "textDocument/inlayHint"

    init?(method: String) {
        self.init(rawValue: method)
    }
}
