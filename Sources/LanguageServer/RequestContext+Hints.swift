import Diagnostics
import JSON

extension RequestContext {
    /// After each award's id its outcome on the example state, after each metric's name its
    /// value. While the rule set has errors, a file with errors shows none.
    func inlayHints(in range: LSPRange) -> JSONValue {
        guard let example = state.example, let file = index.files[path] else { return .array([]) }
        if state.hasErrors, state.result.diagnostics.contains(where: { $0.severity == .error && $0.span?.file == path }) {
            return .array([])
        }
        var hints: [JSONValue] = []
        for symbol in file.symbols {
            let text: String?
            switch symbol.kind {
            case .achievement, .milestone: text = example.awards[symbol.id]
            case .metric: text = example.metrics[symbol.id].map { "= " + $0 }
            case .streak: text = example.streaks[symbol.id]
            default: text = nil
            }
            let position = lines.position(of: symbol.span.end)
            guard let text, range.contains(position) else { continue }
            hints.append(.record(("position", position.json), ("label", .string(text)), ("paddingLeft", .bool(true)),
                                 ("tooltip", .string("on the example state \(located.example ?? "")"))))
        }
        return .array(hints)
    }

    /// The value of a named thing on the rule set's example state, when it names one.
    func exampleValue(of target: RuleSetIndex.Target) -> String? {
        guard let example = state.example else { return nil }
        switch target.kind {
        case .achievement, .milestone: return example.awards[target.id]
        case .metric: return example.metrics[target.id]
        case .streak: return example.streaks[target.id]
        default: return nil
        }
    }
}
