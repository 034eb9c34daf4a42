import YAMLSource

/// The YAML 1.2 core-schema value of a scalar node, `nil` for collections.
enum RuleScalar {
    static func value(of node: YAMLNode) -> YAMLScalarValue? {
        guard case .scalar(let text, let style) = node.kind else { return nil }
        // TEMPORARY until the YAML branch's `YAMLNode.scalarValue` is merged.
        if style != .plain || node.tag == "!!str" { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let i = Int64(text) { return .int(i) }
        if let d = Double(text), text.allSatisfy({ "0123456789.+-eE".contains($0) }) { return .double(d) }
        return .string(text)
    }
}
