/// The implementation of one standard function, chosen by the planner once per call site.
/// Implementations receive non-error arguments (the planner propagates errors first) unless
/// the function is marked non-strict.
enum CELFunction: Sendable {
    case unary(@Sendable (CELValue) -> CELValue)
    case binary(@Sendable (CELValue, CELValue) -> CELValue)
    /// Any arity; the implementation checks the count.
    case variadic(@Sendable ([CELValue]) -> CELValue)
}
