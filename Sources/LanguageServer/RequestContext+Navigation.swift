import Diagnostics
import JSON

extension RequestContext {
    func definition(at position: SourcePosition) -> JSONValue {
        guard let (target, _) = index.target(at: position, in: path) else { return .null }
        let found = index.definitions(of: target)
        return found.isEmpty ? .null : .array(found.map { location($0.span) })
    }

    func references(at position: SourcePosition, includingDeclarations: Bool) -> JSONValue {
        guard let (target, _) = index.target(at: position, in: path) else { return .array([]) }
        return .array(index.references(to: target, includingDefinitions: includingDeclarations).map(location))
    }

    /// The file's awards, metrics, streaks and milestones, ranks, reminders, event types and tests.
    func documentSymbols() -> JSONValue {
        guard let file = index.files[path] else { return .array([]) }
        return .array(file.symbols.map { symbol in
            var detail = symbol.kind.rawValue
            if let parent = symbol.parent { detail += " of \(parent)" }
            return .record(("name", .string(symbol.id)), ("detail", .string(detail)),
                           ("kind", .int(Self.symbolKind(symbol.kind))),
                           ("range", range(symbol.entry)), ("selectionRange", range(symbol.span)))
        })
    }

    /// The protocol's symbol kinds, by what each thing is like.
    static func symbolKind(_ kind: RuleFileIndex.Kind) -> Int64 {
        switch kind {
        case .metric: 13          // Variable
        case .streak: 23          // Struct
        case .achievement: 24     // Event
        case .milestone: 22       // EnumMember
        case .rank: 16            // Number
        case .category, .catalog: 3   // Namespace
        case .module: 2           // Module
        case .level: 8            // Field
        case .reminder: 24        // Event
        case .eventType: 10       // Enum
        case .test: 12            // Function
        }
    }

    /// A quick fix for each diagnostic with a suggestion ("did you mean 'X'?") in `range`.
    func codeActions(in range: LSPRange) -> JSONValue {
        var actions: [JSONValue] = []
        for diagnostic in state.result.diagnostics {
            guard let span = diagnostic.span, span.file == path else { continue }
            let spanned = lines.range(of: span)
            guard spanned.end >= range.start, spanned.start <= range.end,
                  let edit = QuickFix.edit(for: diagnostic, text: lines.text(of: span)) else { continue }
            let diagnosticJSON = ProtocolDiagnostic.json(diagnostic, lines: lines) { linesOf($0) }
            let change = JSONValue.record(("range", self.range(edit.span)), ("newText", .string(edit.replacement)))
            let workspaceEdit = JSONValue.record(("changes", .object(JSONObject([(key: DocumentURI.uri(of: path),
                                                                                  value: .array([change]))]))))
            actions.append(.record(("title", .string("Change to '\(edit.replacement)'")), ("kind", .string("quickfix")),
                                   ("diagnostics", .array([diagnosticJSON])), ("isPreferred", .bool(true)),
                                   ("edit", workspaceEdit)))
        }
        return .array(actions)
    }
}
