/// Per-evaluation state: variable and comprehension slots (stack-allocated by the program),
/// the activation for dynamic lookups, the remaining step budget and, on the traced path, the
/// value of every sub-expression. Programs share no mutable state; each call owns its frame.
struct CELFrame {
    let slots: UnsafeMutablePointer<CELValue>
    let activation: CELActivation
    var budget: Int
    var exceeded = false
    var trace: [CELExprID: CELValue] = [:]

    init(slots: UnsafeMutablePointer<CELValue>, activation: CELActivation, budget: Int) {
        self.slots = slots
        self.activation = activation
        self.budget = budget
    }

    /// Charges `steps`; `false` (and the frame marked exceeded) once the budget is spent.
    @inline(__always)
    mutating func charge(_ steps: Int) -> Bool {
        budget &-= steps
        if budget < 0 {
            exceeded = true
            return false
        }
        return true
    }

    static let costError = CELError(.costLimitExceeded, "cost limit exceeded")
}

/// One planned node: a closure over the frame.
typealias CELStep = @Sendable (inout CELFrame) -> CELValue
