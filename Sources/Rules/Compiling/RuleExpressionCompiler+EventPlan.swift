import Diagnostics
import RuleModel

extension RuleExpressionCompiler {
    /// A finding of the tracking plan's checks as a diagnostic at its place in the rule file.
    static func diagnostic(_ finding: ConditionPlanCheck.Finding, draft: ExpressionDraft) -> Diagnostic {
        let span = span(of: draft, offset: finding.range.start, length: finding.range.end - finding.range.start)
        let name = finding.name
        switch finding.kind {
        case .unknownAttribute(let suggestion):
            return .error(RuleCode.unknownEventAttribute,
                          "unknown event attribute '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                          at: span,
                          fix: suggestion.map { "write '\($0)'" }
                              ?? "declare '\(name)' under the attributes of an event type in 'events'")
        case .unknownType(let suggestion):
            return .error(RuleCode.unknownEventType,
                          "unknown event type '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                          at: span,
                          fix: suggestion.map { "write \"\($0)\"" } ?? "declare '\(name)' in 'events'")
        case .attributeOutsideTypes(let types, let declaredBy):
            let fixed = types.map { "'\($0)'" }.joined(separator: " or ")
            let owners = declaredBy.map { "'\($0)'" }.joined(separator: ", ")
            return .warning(RuleCode.attributeOutsideEventType,
                            "the event here is \(fixed), which does not declare '\(name)' (declared by \(owners))",
                            at: span,
                            fix: "compare the type with one that declares '\(name)', or declare it on \(fixed) in 'events'")
        }
    }
}
