// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// An evaluation error carried as a value.
public struct CELError: Error, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case noSuchOverload, noSuchField, noSuchKey, divideByZero, overflow, range, invalidArgument,
             noSuchVariable, costLimitExceeded, other
    }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
