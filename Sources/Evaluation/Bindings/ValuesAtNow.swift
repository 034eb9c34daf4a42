import CEL
import Facts
import RuleModel

/// The CEL bindings of the decision at `now`: every fact variable, `achievements` and the metrics
/// in dependency order. Expressions are evaluated through the replay's fold tables (`tabulated`)
/// where that gives the value as written (`PlannedExpression.readsLikeWritten`), else as written.
struct ValuesAtNow {
    /// Every variable of the facts, metrics included (what `explain` evaluates against).
    let bindings: [String: CELValue]
    /// Every metric's value, in dependency order.
    let metrics: [(key: String, value: CELValue)]
    private let activation: CELActivation
    private let tabulated: CELActivation?
    private let eventCount: Int
    /// How many days `days` shows at `now`, and whether the daily tables are exact.
    private let dayCount: Int
    private let dailyExact: Bool
    private let costLimit: Int

    init(replay: Replay, facts: inout some ReplayFacts, unlocks: [String: UnlockDecision], folds: EventFoldValues?) {
        let moment = FactMoment(moment: facts.now, eventCount: facts.events.count)
        costLimit = replay.costLimit
        eventCount = moment.eventCount
        // By position in `FactVariable.allCases` (the replay's `nowShape`): activations are built
        // from the shapes planned once, not from dictionaries whose names are hashed every time.
        let variables = FactVariable.allCases
        let metricsPosition = variables.firstIndex(of: .metrics) ?? 0
        var values: [CELValue] = []
        values.reserveCapacity(variables.count)
        for variable in variables {
            switch variable {
            case .metrics, .achievements: values.append(.null)
            default: values.append(facts.variable(variable, at: moment))
            }
        }
        let dayCount = if let position = variables.firstIndex(of: .days), case .list(let days) = values[position] { days.count } else { 0 }
        let dailyExact = folds?.dailyFoldsExact ?? false
        (self.dayCount, self.dailyExact) = (dayCount, dailyExact)
        let eventCount = moment.eventCount, costLimit = self.costLimit
        if let position = variables.firstIndex(of: .achievements) {
            values[position] = replay.achievementsValue(unlocks, at: facts.now.instant)
        }
        // The same bindings with every fold's value after all events, for the planned programs.
        var tabulated: [CELValue]? = folds.map { folds in
            values + replay.folds.indices.map { folds.value($0, events: moment.eventCount) }
        }
        var metrics: [(key: String, value: CELValue)] = []
        for (position, metric) in replay.rules.metrics.enumerated() {
            let record = CELValue.map(CELMap(strings: metrics))
            values[metricsPosition] = record
            tabulated?[metricsPosition] = record
            let plan = position < replay.metricPlans.count ? replay.metricPlans[position] : nil
            let value: CELValue
            if let plan, let tabulated,
               plan.readsLikeWritten(events: eventCount, days: dayCount, dailyExact: dailyExact, costLimit: costLimit) {
                value = plan.program.evaluate(CELActivation(shape: replay.tabulatedNowShape, values: tabulated), costLimit: costLimit)
            } else {
                value = metric.expression.program.evaluate(CELActivation(shape: replay.nowShape, values: values), costLimit: costLimit)
            }
            metrics.append((metric.id, value))
        }
        let record = CELValue.map(CELMap(strings: metrics))
        values[metricsPosition] = record
        tabulated?[metricsPosition] = record
        bindings = Dictionary(zip(variables.map(\.rawValue), values), uniquingKeysWith: { _, later in later })
        self.metrics = metrics
        activation = CELActivation(shape: replay.nowShape, values: values)
        self.tabulated = tabulated.map { CELActivation(shape: replay.tabulatedNowShape, values: $0) }
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

    /// A progress figure at `now` (an error counts as 0); `report` notes an error when given.
    func number(_ expression: RuleExpression, planned plan: PlannedExpression?, id: String, what: String,
                report: inout RuleErrorReport?) -> ProgressNumber {
        let figure = value(of: expression, planned: plan)
        report?.note(figure, id: id, what: what, expression: expression)
        switch figure {
        case .int(let v): return .int(v)
        case .uint(let v): return .int(Int64(clamping: v))
        case .double(let v): return .double(v)
        default: return .int(0)
        }
    }
}
