import Atomics

/// A compiled, immutable, thread-safe program: a checked (or parsed) expression, planned into
/// closures at its first evaluation.
///
/// A class: hosts keep programs in their plans and read them at every evaluation, and a copy of
/// one reference costs one retain (or none, read in place) where a struct of its closure,
/// arrays, AST and strings cost a retain and a release of each.
///
/// Planning waits for the first evaluation because many programs are never evaluated: `validate`
/// checks a rule set without evaluating it, and a replay evaluates the rewritten form of most
/// conditions, not the form as written. Their closures would be most of a rule set's memory.
/// Planning is deterministic, so two threads that plan at once make the same plan; one is kept.
package final class CELProgram: Sendable {
    /// What planning makes: the closures and the variable slots.
    private final class Plan: Sendable {
        let root: CELStep
        let variableKeys: [CELFieldKey]
        /// The error each variable evaluates to when the activation does not bind it.
        let unboundValues: [CELValue]
        let slotCount: Int
        /// Steps charged once per evaluation (every node at least once).
        let baseCost: Int

        init(_ program: CELProgram, traced: Bool) {
            var planner = CELPlanner(checked: program.checkedAST, container: program.container, traced: traced,
                                     probe: program.probe)
            root = planner.plan(program.parsed.root).step
            variableKeys = planner.variableNames.map(CELFieldKey.init)
            unboundValues = planner.variableNames.map { program.sharedUnbound[$0] ?? CELProgram.unbound($0) }
            slotCount = planner.slotCount
            baseCost = program.parsed.root.nodeCount(loopBodies: false)
        }
    }

    private enum Expression: Sendable {
        case checked(CELCheckedAST)
        case parsed(CELAST)
    }

    private let expression: Expression
    let container: String
    /// Counts the outcomes of the nodes it watches; `nil` on the normal path.
    private let probe: CELOutcomeProbe?
    /// The unbound errors of the environment's variables, shared by its programs.
    private let sharedUnbound: [String: CELValue]
    private let lazyPlan = ManagedAtomicLazyReference<Plan>()

    var parsed: CELAST {
        switch expression {
        case .checked(let checked): checked.ast
        case .parsed(let ast): ast
        }
    }

    private var checkedAST: CELCheckedAST? {
        if case .checked(let checked) = expression { return checked }
        return nil
    }

    /// The checked type of the whole expression (`dyn` when planned unchecked).
    package var resultType: CELType { checkedAST?.resultType ?? .dyn }
    /// The checked AST (for hosts that inspect shapes like `X >= N`); `nil` when planned unchecked.
    package var checked: CELCheckedAST? { checkedAST }

    private var plan: Plan {
        if let plan = lazyPlan.load() { return plan }
        return lazyPlan.storeIfNilThenLoad(Plan(self, traced: false))
    }

    private init(_ expression: Expression, container: String = "", probe: CELOutcomeProbe? = nil,
                 unboundValues shared: [String: CELValue] = [:]) {
        self.expression = expression
        self.container = container
        self.probe = probe
        sharedUnbound = shared
    }

    /// Evaluates against one activation. Errors come back as `.error` values, never thrown;
    /// more than `costLimit` steps give an error of kind `costLimitExceeded`.
    package func evaluate(_ activation: CELActivation, costLimit: Int = 10_000_000) -> CELValue {
        run(activation, costLimit: costLimit)
    }

    /// Evaluates like `evaluate`, adding the steps the evaluation took (at most `costLimit`) to
    /// `steps`, for hosts that budget many evaluations together.
    package func evaluate(_ activation: CELActivation, costLimit: Int, steps: inout Int) -> CELValue {
        let (value, used) = measuredRun(plan, activation, costLimit: costLimit)
        steps += used
        return value
    }

    func run(_ activation: CELActivation, costLimit: Int, trace: CELTraceRecorder? = nil) -> CELValue {
        measuredRun(plan, activation, costLimit: costLimit, trace: trace).value
    }

    private func measuredRun(_ plan: Plan, _ activation: CELActivation, costLimit: Int, trace: CELTraceRecorder? = nil)
        -> (value: CELValue, steps: Int) {
        let (baseCost, slotCount, variableKeys) = (plan.baseCost, plan.slotCount, plan.variableKeys)
        if baseCost > costLimit { return (.error(CELFrame.costError), costLimit) }
        return withUnsafeTemporaryAllocation(of: CELValue.self, capacity: Swift.max(slotCount, 1)) { buffer in
            guard let base = buffer.baseAddress else { return (.error(CELFrame.costError), 0) }
            let slots = CELSlots(base: base, count: slotCount, variables: variableKeys.count)
            defer { slots.finish() }
            return activation.values.withUnsafeBufferPointer { bound in
                plan.unboundValues.withUnsafeBufferPointer { unbound in
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
                        let value = plan.root(&frame)
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

    static func unbound(_ name: String) -> CELValue {
        .error(CELError(.noSuchVariable, "no such attribute: '\(name)' is not bound"))
    }
}

extension CELProgram {
    /// The program of a checked expression (the normal path).
    package convenience init(checked: CELCheckedAST) {
        self.init(.checked(checked))
    }

    /// The program of a checked expression whose unbound variables evaluate to `unboundValues[name]`
    /// (values `unbound(name)` made once per environment), so programs share them.
    convenience init(checked: CELCheckedAST, unboundValues: [String: CELValue]) {
        self.init(.checked(checked), unboundValues: unboundValues)
    }

    /// The program of a checked expression that also counts, in `probe`, the outcomes of the nodes it
    /// watches at every evaluation (`CELOutcomeProbe`). Slower than the normal path: no node
    /// `probe` watches is folded away, so each is evaluated where the program reaches it.
    package convenience init(checked: CELCheckedAST, probe: CELOutcomeProbe) {
        self.init(.checked(checked), probe: probe)
    }

    /// The program of an unchecked expression (dynamic dispatch only; used by conformance tests that
    /// disable checking). `container` is used for name resolution.
    package convenience init(parsed: CELAST, container: String = "") throws(CELCompileErrors) {
        self.init(.parsed(parsed), container: container)
    }

    /// Evaluates like `evaluate`, also recording the value of every sub-expression by node id
    /// (a slower path: the expression is planned again with recording and without folding).
    package func evaluateTraced(_ activation: CELActivation, costLimit: Int = 10_000_000)
        -> (value: CELValue, trace: [CELExprID: CELValue]) {
        let recorder = CELTraceRecorder()
        let value = measuredRun(Plan(self, traced: true), activation, costLimit: costLimit, trace: recorder).value
        return (value, recorder.values)
    }
}
