import Diagnostics
import Foundation
import JSON

extension LanguageServer {
    /// The lines of `path`: its open buffer, else the text the last check read, else the disk.
    func lines(of path: String, in state: RuleSetState?) -> LineTable? {
        if let open = documents.values.first(where: { $0.path == path }) { return open.lines }
        if let text = state?.result.sources[path] { return LineTable(text) }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return LineTable(String(decoding: data, as: UTF8.self))
    }

    /// The open document at `path`, when one is open.
    func document(at path: String) -> TextDocument? {
        documents.values.first { $0.path == path }
    }

    /// `textDocument/publishDiagnostics` for one file.
    func publication(file: String, diagnostics: [Diagnostic], state: RuleSetState) -> JSONValue {
        let uri = DocumentURI.uri(of: file)
        let table = lines(of: file, in: state) ?? LineTable("")
        var tables: [String: LineTable] = [file: table]
        let items = diagnostics.map { diagnostic in
            ProtocolDiagnostic.json(diagnostic, lines: table) { other in
                if let known = tables[other] { return known }
                let found = lines(of: other, in: state)
                tables[other] = found
                return found
            }
        }
        var params: [(key: String, value: JSONValue)] = [(key: "uri", value: .string(uri))]
        if let open = document(at: file) { params.append((key: "version", value: .int(Int64(open.version)))) }
        params.append((key: "diagnostics", value: .array(items)))
        return JSONRPCMessage.notification(method: "textDocument/publishDiagnostics", params: .object(JSONObject(params)))
    }

    /// `textDocument/didSave`: the rule tests of a saved tests file run, and its diagnostics
    /// are published again with their failures. Other files were checked as they changed.
    mutating func saved(uri: String) -> [JSONValue] {
        var out = checkPending(uri: uri)
        guard let located = ruleSet(of: uri), let path = DocumentURI.path(of: uri),
              let state = ruleSets[located.paths] else { return out }
        let failures = RuleTestFailures.diagnostics(file: path, result: state.result)
        guard !failures.isEmpty else { return out }
        let own = state.diagnosticsByFile[path] ?? []
        out.append(publication(file: path, diagnostics: (own + failures).sorted(by: Diagnostic.reportOrder), state: state))
        return out
    }
}
