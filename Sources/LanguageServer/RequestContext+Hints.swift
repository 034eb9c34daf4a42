import Diagnostics
import JSON

extension RequestContext {
    func inlayHints(in range: LSPRange) -> JSONValue {
        .array([])
    }
}

extension RequestContext {
    /// The value of a named thing on the rule set's example state, when it names one.
    func exampleValue(of target: RuleSetIndex.Target) -> String? {
        nil
    }
}
