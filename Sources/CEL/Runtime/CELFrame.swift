/// Per-evaluation state: variable and comprehension slots (stack-allocated by the program),
/// the activation for dynamic lookups, the remaining step budget and, on the traced path, the
/// value of every sub-expression. Programs share no mutable state; each call owns its frame.
struct CELFrame {
    let slots: CELSlots
    /// Borrowed for the evaluation (a pointer, so building a frame copies no references).
    let activation: UnsafePointer<CELActivation>
    var budget: Int
    var exceeded = false
    /// Present only on the traced path.
    var trace: CELTraceRecorder?

    init(slots: CELSlots, activation: UnsafePointer<CELActivation>, budget: Int) {
        self.slots = slots
        self.activation = activation
        self.budget = budget
    }

    /// Charges `steps`; `false` (and the frame marked exceeded) once the budget is spent.
    @inline(__always)
    mutating func charge(_ steps: Int) -> Bool {
        // Compared before subtracting: a charge may be `Int.max` (a value too large to build),
        // and the budget never goes below -1, so the steps used can always be computed.
        if steps > budget {
            budget = -1
            exceeded = true
            return false
        }
        budget -= steps
        return true
    }

    static let costError = CELError(.costLimitExceeded, "cost limit exceeded")
}

/// One planned node: a closure over the frame.
typealias CELStep = @Sendable (inout CELFrame) -> CELValue

extension CELFrame {
    /// Runs `body` once per element of `list`, with the element in `slot` (borrowed from the
    /// list, `CELSlots.lend`) and, for the two-variable macros, its index in `indexSlot`; stops
    /// when `body` returns false.
    @inline(__always)
    mutating func forEach(in list: CELList, slot: Int, indexSlot: Int?, _ body: (inout CELFrame) -> Bool) {
        let slots = self.slots
        list.withElements { buffer in
            slots.lend(buffer, to: slot) { i in
                if let indexSlot { slots[indexSlot] = .int(Int64(i)) }
                return body(&self)
            }
        }
    }
}
