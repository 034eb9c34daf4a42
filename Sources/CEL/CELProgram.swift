// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A compiled, immutable, thread-safe program.
public struct CELProgram: Sendable {
    init() {}
    /// The checked type of the whole expression.
    public var resultType: CELType { .dyn }
    /// The checked AST (for hosts that inspect shapes like `X >= N`); `nil` when planned unchecked.
    public var checked: CELCheckedAST? { nil }
    /// Evaluates against one activation. Errors come back as `.error` values, never thrown.
    public func evaluate(_ activation: CELActivation, costLimit: Int = 10_000_000) -> CELValue { .null }
}

extension CELProgram {
    /// Plans a checked expression (the normal path). Implemented by the planner.
    public init(checked: CELCheckedAST) throws(CELCompileErrors) { self.init() }
    /// Plans an unchecked expression (dynamic dispatch only; used by conformance tests that
    /// disable checking). `container` is used for name resolution.
    public init(parsed: CELAST, container: String = "") throws(CELCompileErrors) { self.init() }

    /// Evaluates like `evaluate`, also recording the value of every sub-expression by node id
    /// (slow path, for `rulecheck explain`).
    public func evaluateTraced(_ activation: CELActivation, costLimit: Int = 10_000_000)
        -> (value: CELValue, trace: [CELExprID: CELValue]) { (.null, [:]) }
}
