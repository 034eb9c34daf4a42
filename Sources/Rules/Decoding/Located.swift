import Diagnostics

/// A value read from a rule file together with where it is written, so later checks
/// (duplicates, references, ordering) can point at it.
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var span: SourceSpan

    init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
