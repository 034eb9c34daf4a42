/// A compiled, immutable, thread-safe program: the expression planned once into closures.
///
/// A class: hosts keep programs in their plans and read them at every evaluation, and a copy of
/// one reference costs one retain (or none, read in place) where a struct of its closure,
/// arrays, AST and strings cost a retain and a release of each.
package final class CELProgram: Sendable {
    let root: CELStep
    let variableNames: [String]
    let variableKeys: [CELFieldKey]
    /// The error each variable evaluates to when the activation does not bind it.
    let unboundValues: [CELValue]
    let slotCount: Int
    /// Steps charged once per evaluation (every node at least once).
    let baseCost: Int
    let parsed: CELAST
    let container: String
    private let checkedAST: CELCheckedAST?

    /// The checked type of the whole expression (`dyn` when planned unchecked).
    package var resultType: CELType { checkedAST?.resultType ?? .dyn }
    /// The checked AST (for hosts that inspect shapes like `X >= N`); `nil` when planned unchecked.
    package var checked: CELCheckedAST? { checkedAST }

    private init(ast: CELAST, checked: CELCheckedAST?, container: String, traced: Bool, probe: CELOutcomeProbe? = nil) {
        var planner = CELPlanner(checked: checked, container: container, traced: traced, probe: probe)
        root = planner.plan(ast.root).step
        variableNames = planner.variableNames
        variableKeys = planner.variableNames.map(CELFieldKey.init)
        unboundValues = planner.variableNames.map(CELProgram.unbound)
        slotCount = planner.slotCount
        baseCost = ast.root.nodeCount(loopBodies: false)
        parsed = ast
        checkedAST = checked
        self.container = container
    }

    /// Evaluates against one activation. Errors come back as `.error` values, never thrown;
    /// more than `costLimit` steps give an error of kind `costLimitExceeded`.
    package func evaluate(_ activation: CELActivation, costLimit: Int = 10_000_000) -> CELValue {
        run(activation, costLimit: costLimit)
    }

    /// Evaluates like `evaluate`, adding the steps the evaluation took (at most `costLimit`) to
    /// `steps`, for hosts that budget many evaluations together.
    package func evaluate(_ activation: CELActivation, costLimit: Int, steps: inout Int) -> CELValue {
        let (value, used) = measuredRun(activation, costLimit: costLimit)
        steps += used
        return value
    }

    func run(_ activation: CELActivation, costLimit: Int, trace: CELTraceRecorder? = nil) -> CELValue {
        measuredRun(activation, costLimit: costLimit, trace: trace).value
    }

    private func measuredRun(_ activation: CELActivation, costLimit: Int, trace: CELTraceRecorder? = nil)
        -> (value: CELValue, steps: Int) {
        if baseCost > costLimit { return (.error(CELFrame.costError), costLimit) }
        return withUnsafeTemporaryAllocation(of: CELValue.self, capacity: Swift.max(slotCount, 1)) { buffer in
            guard let base = buffer.baseAddress else { return (.error(CELFrame.costError), 0) }
            let slots = CELSlots(base: base, count: slotCount, variables: variableKeys.count)
            defer { slots.finish() }
            return activation.values.withUnsafeBufferPointer { bound in
                unboundValues.withUnsafeBufferPointer { unbound in
                    // Variable slots borrow the activation's values (or the program's unbound
                    // errors), which outlive the call (`CELSlots`).
                    let variableCount = variableKeys.count
                    // `unboundValues` has one entry per variable: no address, no variables.
                    if let unboundBase = unbound.baseAddress {
                        for i in 0..<variableCount {
                            let boundValue = activation.position(of: variableKeys[i]).flatMap { position in
                                bound.baseAddress.map { UnsafeRawPointer($0 + position) }
                            }
                            slots.bindVariable(i, from: boundValue ?? UnsafeRawPointer(unboundBase + i))
                        }
                    }
                    return withUnsafePointer(to: activation) { activationPointer in
                        var frame = CELFrame(slots: slots, activation: activationPointer, budget: costLimit - baseCost)
                        frame.trace = trace
                        let value = root(&frame)
                        // The budget is at least -1 (`CELFrame.charge`), and the subtraction is
                        // checked all the same: the limit may be `Int.max`.
                        let (difference, overflow) = costLimit.subtractingReportingOverflow(frame.budget)
                        let used = overflow ? costLimit : Swift.min(costLimit, Swift.max(0, difference))
                        return (value: frame.exceeded ? .error(CELFrame.costError) : value, steps: used)
                    }
                }
            }
        }
    }

    private static func unbound(_ name: String) -> CELValue {
        .error(CELError(.noSuchVariable, "no such attribute: '\(name)' is not bound"))
    }
}

extension CELProgram {
    /// Plans a checked expression (the normal path).
    package convenience init(checked: CELCheckedAST) {
        self.init(ast: checked.ast, checked: checked, container: "", traced: false)
    }

    /// Plans a checked expression that also counts, in `probe`, the outcomes of the nodes it
    /// watches at every evaluation (`CELOutcomeProbe`). Slower than the normal path: no node
    /// `probe` watches is folded away, so each is evaluated where the program reaches it.
    package convenience init(checked: CELCheckedAST, probe: CELOutcomeProbe) {
        self.init(ast: checked.ast, checked: checked, container: "", traced: false, probe: probe)
    }

    /// Plans an unchecked expression (dynamic dispatch only; used by conformance tests that
    /// disable checking). `container` is used for name resolution.
    package convenience init(parsed: CELAST, container: String = "") throws(CELCompileErrors) {
        self.init(ast: parsed, checked: nil, container: container, traced: false)
    }

    /// Evaluates like `evaluate`, also recording the value of every sub-expression by node id
    /// (a slower path: the expression is planned again with recording and without folding).
    package func evaluateTraced(_ activation: CELActivation, costLimit: Int = 10_000_000)
        -> (value: CELValue, trace: [CELExprID: CELValue]) {
        let tracing = CELProgram(ast: parsed, checked: checkedAST, container: container, traced: true)
        let recorder = CELTraceRecorder()
        let value = tracing.run(activation, costLimit: costLimit, trace: recorder)
        return (value, recorder.values)
    }
}
