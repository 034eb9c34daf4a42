import YAMLSource

/// The YAML 1.2 core-schema value of a scalar node, `nil` for collections.
enum RuleScalar {
    static func value(of node: YAMLNode) -> YAMLScalarValue? { node.scalarValue }
}
