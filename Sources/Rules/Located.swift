import Diagnostics

/// A value read from a rule file together with where it is written, so later checks
/// (duplicates, references, ordering) can point at it.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var span: SourceSpan

    public init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
