import CEL
import Facts
import RuleModel

/// The CEL bindings of the decision at `now`: every fact variable, `achievements` and the metrics
/// in dependency order. Expressions are evaluated through the replay's fold tables (`tabulated`)
/// where that gives the value as written (`PlannedExpression.readsLikeWritten`), else as written.
struct ValuesAtNow {
    /// Every variable of the facts, metrics included (what `explain` evaluates against); empty
    /// unless asked for (`keepsBindings`).
    let bindings: [String: CELValue]
    /// Every metric's value, in dependency order.
    let metrics: [(key: String, value: CELValue)]
    /// The fact variables by position in `FactVariable.allCases`; `.null` for those no
    /// expression evaluated at `now` reads (the `days` records, `today` and `levels` are built
    /// only when read).
    private let variables: [CELValue]
    /// Which of `variables` were built (bits of `VariablesRead`).
    private let read: UInt16
    private let activation: CELActivation
    private let tabulated: CELActivation?
    private let eventCount: Int
    /// How many days `days` shows at `now` at most, and whether the daily tables are exact.
    private let dayCount: Int
    private let dailyExact: Bool
    private let costLimit: Int

    /// `keepsBindings`: fill `bindings` with every variable (for `explain` and rule tests).
    init(replay: Replay, facts: inout some ReplayFacts, unlocks: [String: UnlockDecision], folds: EventFoldValues?,
         keepsBindings: Bool = true) {
        let moment = FactMoment(moment: facts.now, eventCount: facts.events.count)
        let costLimit = replay.costLimit
        let eventCount = moment.eventCount
        let dailyExact = folds?.dailyFoldsExact ?? false
        let dayCount = replay.readsWholeDailyAtNow ? facts.dayCount(at: moment) : 0
        (self.costLimit, self.eventCount, self.dailyExact, self.dayCount) = (costLimit, eventCount, dailyExact, dayCount)
        func tabulates(_ plan: PlannedExpression) -> Bool {
            folds != nil && plan.readsLikeWritten(events: eventCount, days: dayCount, dailyExact: dailyExact, costLimit: costLimit)
        }
        let needed = keepsBindings ? VariablesRead.everything : Self.variablesRead(by: replay, tabulates: tabulates)
        func isNeeded(_ variable: FactVariable) -> Bool { needed & FactVariableSet.bit(variable) != 0 }
        // By position in `FactVariable.allCases` (the replay's `nowShape`): activations are built
        // from the shapes planned once, not from dictionaries whose names are hashed every time.
        let variables = FactVariableSet.order
        let metricsPosition = variables.firstIndex(of: .metrics) ?? 0
        var values: [CELValue] = []
        values.reserveCapacity(variables.count)
        for variable in variables {
            switch variable {
            case .metrics, .achievements: values.append(.null)
            default: values.append(isNeeded(variable) ? facts.variable(variable, at: moment) : .null)
            }
        }
        if isNeeded(.achievements), let position = variables.firstIndex(of: .achievements) {
            values[position] = replay.achievementsValue(unlocks, at: facts.now.instant)
        }
        // The same bindings with every fold's value after all events, for the planned programs.
        var tabulated: [CELValue]? = folds.map { folds in
            values + replay.folds.indices.map { folds.value($0, events: moment.eventCount) }
        }
        var metrics: [(key: String, value: CELValue)] = []
        var recorded = 0  // how many metrics the `metrics` record in `values` holds
        let readsMetrics = FactVariableSet.bit(.metrics)
        for (position, metric) in replay.rules.metrics.enumerated() {
            let plan = position < replay.metricPlans.count ? replay.metricPlans[position] : nil
            // The record of the metrics before this one, built only for a metric that reads it.
            let reads = position < replay.readsAtNow.count
                ? (plan.map(tabulates) == true ? replay.readsAtNow[position].tabulated : replay.readsAtNow[position].written)
                : VariablesRead.everything
            if reads & readsMetrics != 0, recorded != metrics.count || position == 0 {
                let record = CELValue.map(CELMap(strings: metrics))
                values[metricsPosition] = record
                tabulated?[metricsPosition] = record
                recorded = metrics.count
            }
            let value: CELValue
            if let plan, let tabulated, tabulates(plan) {
                value = plan.program.evaluate(CELActivation(shape: replay.tabulatedNowShape, values: tabulated), costLimit: costLimit)
            } else {
                value = metric.expression.program.evaluate(CELActivation(shape: replay.nowShape, values: values), costLimit: costLimit)
            }
            metrics.append((metric.id, value))
        }
        // Every metric: a record of the shape prepared once (its names hashed once per rule set).
        let record = metrics.count == replay.metricsShape.fieldCount
            ? CELValue.map(CELMap(shape: replay.metricsShape, values: metrics.map(\.value)))
            : CELValue.map(CELMap(strings: metrics))
        values[metricsPosition] = record
        tabulated?[metricsPosition] = record
        bindings = keepsBindings ? Dictionary(zip(variables.map(\.rawValue), values), uniquingKeysWith: { _, later in later }) : [:]
        self.variables = values
        read = needed
        self.metrics = metrics
        activation = CELActivation(shape: replay.nowShape, values: values)
        self.tabulated = tabulated.map { CELActivation(shape: replay.tabulatedNowShape, values: $0) }
    }

    /// The fact variables the decision at `now` reads (bits of `VariablesRead`): those of every
    /// metric, condition and progress figure as it is evaluated (its plan's program where
    /// `tabulates`, else as written), and `days` and `user` when a streak's `day` predicate may
    /// fail (its errors are found on the day records).
    private static func variablesRead(by replay: Replay, tabulates: (PlannedExpression) -> Bool) -> UInt16 {
        var read: UInt16 = replay.fallibleDayStreaks ? FactVariableSet.bit(.days) | FactVariableSet.bit(.user) : 0
        for expression in replay.readsAtNow {
            guard let plan = expression.plan else { return VariablesRead.everything }
            read |= tabulates(plan) ? expression.tabulated : expression.written
        }
        return read
    }

    /// A fact variable's value at `now` (`nil` when no expression read it and no bindings were kept).
    func variable(_ variable: FactVariable) -> CELValue? {
        guard read & FactVariableSet.bit(variable) != 0, let position = FactVariableSet.order.firstIndex(of: variable) else { return nil }
        return variables[position]
    }

    /// An expression's value at `now`: through its plan when that reads like the written one.
    func value(of expression: RuleExpression, planned plan: PlannedExpression?) -> CELValue {
        if let plan, let tabulated, readsLikeWritten(plan) {
            return plan.program.evaluate(tabulated, costLimit: costLimit)
        }
        return expression.program.evaluate(activation, costLimit: costLimit)
    }

    private func readsLikeWritten(_ plan: PlannedExpression) -> Bool {
        plan.readsLikeWritten(events: eventCount, days: dayCount, dailyExact: dailyExact, costLimit: costLimit)
    }

    /// A progress figure at `now` (an error counts as 0); `report` notes an error when `noting`.
    func number(_ expression: RuleExpression, planned plan: PlannedExpression?, id: String, what: String,
                report: inout RuleErrorReport, noting: Bool) -> ProgressNumber {
        let figure = value(of: expression, planned: plan)
        if noting { report.note(figure, id: id, what: what, expression: expression) }
        switch figure {
        case .int(let v): return .int(v)
        case .uint(let v): return .int(Int64(clamping: v))
        case .double(let v): return .double(v)
        default: return .int(0)
        }
    }
}
