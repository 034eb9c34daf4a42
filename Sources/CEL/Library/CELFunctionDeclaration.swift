/// One function of a CEL library, declared once: its name, the overloads the checker types calls
/// against, the implementation the planner binds a call to, and what a call costs beyond its
/// node's step. The checker's declarations, the runtime's bindings and the cost model are all
/// read from these (`CELLibrary`), as cel-go declares a function once with its overloads and
/// their bindings.
struct CELFunctionDeclaration: Sendable {
    /// The name calls use, qualified (`math.abs`) or an operator's (`_+_`).
    let name: String
    /// The overloads with their types and cel-go's ids; empty for a name only the runtime knows
    /// (a helper that macro expansions or unchecked programs call).
    let overloads: [CELOverload]
    /// What a call runs; `nil` for what the planner builds itself (`&&`, `||`, `?:`,
    /// `@not_strictly_false`).
    let implementation: CELFunction?
    /// What a call costs beyond its node, when it builds or walks a value (`nil`: just its node).
    let cost: CELCostModel?
}
