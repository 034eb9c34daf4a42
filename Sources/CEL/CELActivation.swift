// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// Variable bindings for one evaluation.
public struct CELActivation: Sendable {
    public init(_ bindings: [String: CELValue]) {}
}
