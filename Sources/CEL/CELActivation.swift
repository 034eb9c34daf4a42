/// Variable bindings for one evaluation.
///
/// A program looks each variable it uses up once per evaluation (into a slot of its frame), so
/// the cost of binding by name is one dictionary lookup per distinct variable, not per use.
public struct CELActivation: Sendable {
    @usableFromInline let bindings: [String: CELValue]

    public init(_ bindings: [String: CELValue]) {
        self.bindings = bindings
    }

    /// The value bound to a (possibly dot-qualified) name.
    @inlinable
    public func value(named name: String) -> CELValue? {
        bindings[name]
    }

    /// A copy with `name` bound to `value`.
    public func binding(_ name: String, to value: CELValue) -> CELActivation {
        var bindings = self.bindings
        bindings[name] = value
        return CELActivation(bindings)
    }
}
