import CEL
import RuleModel

extension Replay {
    /// The slots of the rule set, planned once for every state: metrics first (by position), then
    /// one per award with a condition (`AwardGate.Criterion.condition`'s index). `plain`: the
    /// expressions planned without daily folds.
    static func slots(of replay: Replay, plain: Bool) -> [ExpressionSlot] {
        let index = SlotIndex(replay)
        // Slots that bind the same names share one shape (most read the same few variables).
        var shapes = CELRecordShapeTable()
        func shape(_ fields: [String]) -> CELRecordShape {
            if let shared = shapes[fields] { return shared }
            let made = CELRecordShape(fields: fields)
            shapes[fields] = made
            return made
        }
        func slot(_ plan: PlannedExpression, before limit: Int) -> ExpressionSlot {
            Self.slot(plan, before: limit, of: replay, index: index, plain: plain, shape: shape)
        }
        var slots: [ExpressionSlot] = []
        let planned = plain ? replay.plainMetricPlans : replay.metricPlans
        for (position, plan) in planned.enumerated() { slots.append(slot(plan, before: position)) }
        let metricPlans = Dictionary(zip(replay.rules.metrics.map(\.id), planned), uniquingKeysWith: { first, _ in first })
        for award in replay.plans {
            guard let plan = plain ? award.plainCondition : award.condition else { continue }
            var conditionSlot = slot(plan, before: .max)
            if let threshold = FoldThreshold(plan, folds: replay.folds, metricPlans: metricPlans) {
                conditionSlot.threshold = .whole(threshold)
            } else if let leading = FoldThreshold.leadingConjunct(of: plan, folds: replay.folds, metricPlans: metricPlans) {
                conditionSlot.threshold = .leading(leading, restReadsFolds: Self.restReadsFolds(plan, folds: replay.folds))
            }
            slots.append(conditionSlot)
        }
        return slots
    }

    /// Whether the conjuncts after the first of a condition `A && B && …` read a fold or a
    /// metric (or `events`, or something unknown).
    static func restReadsFolds(_ plan: PlannedExpression, folds: [EventFold]) -> Bool {
        guard var node = plan.program.checked?.ast.root else { return true }
        var rest: [CELExpr] = []
        while case .call(nil, "_&&_", let args) = node.kind, args.count == 2 {
            rest.append(args[1])
            node = args[0]
        }
        let foldNames = Set(folds.map(\.variable))
        var reads = false
        for conjunct in rest {
            conjunct.walk { expr, _ in
                if case .ident(let name) = expr.kind,
                   foldNames.contains(name) || name == FactVariable.metrics.rawValue || name == FactVariable.events.rawValue {
                    reads = true
                }
                return reads ? .skipChildren : .descend
            }
        }
        return reads
    }

    /// Award and streak positions by id, for planning slots.
    struct SlotIndex {
        let awards: [String: Int]
        let streaks: [String: Int]

        init(_ replay: Replay) {
            awards = Dictionary(replay.plans.enumerated().map { ($1.rule.id, $0) }, uniquingKeysWith: { first, _ in first })
            streaks = Dictionary(replay.rules.streaks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// One expression's slot: what it reads (metrics before `limit` only), its scopes and shapes.
    static func slot(_ plan: PlannedExpression, before limit: Int, of replay: Replay, index: SlotIndex,
                     plain: Bool, shape: (_ fields: [String]) -> CELRecordShape) -> ExpressionSlot {
        let metrics = replay.metricsRead(by: plan.inputs, before: limit)
        let positions = metrics.compactMap { replay.metricIndex[$0] }
        var scope: [Int]?
        let reach = plain ? replay.plainMetricChannels : replay.metricChannels
        let viaMetrics = metrics.contains { reach[$0]?.contains(.achievements) ?? true }
        if !plan.inputs.readsEveryAchievement, !viaMetrics {
            scope = plan.inputs.achievements.compactMap { index.awards[$0] }.sorted()
        }
        // Likewise the streaks it names, unless it reads them whole or through a metric.
        let streaksViaMetrics = metrics.contains { reach[$0]?.contains(.streaks) ?? true }
        let streakScope = plan.inputs.readsEveryStreak || streaksViaMetrics
            ? nil : plan.inputs.streaks.compactMap { index.streaks[$0] }.sorted()
        let variables = plan.inputs.variables.members.sorted { $0.rawValue < $1.rawValue }
        var metricRead: Int?
        if plan.folds.isEmpty, plan.dayFolds.isEmpty, let root = plan.program.checked?.ast.root,
           case .select(let operand, let name, false) = root.kind, case .ident(FactVariable.metrics.rawValue) = operand.kind,
           let position = replay.metricIndex[name], position < limit, positions.contains(position) {
            metricRead = position
        }
        var slot = ExpressionSlot(plan: plan, channels: replay.channels(of: plan, before: limit, plain: plain),
                              folds: replay.folds(of: plan, before: limit, plain: plain).sorted(),
                              metricPositions: positions, achievementScope: scope, streakScope: streakScope,
                              variables: variables,
                              bindingShape: shape(variables.map(\.rawValue)
                                  + plan.folds.map { replay.folds[$0].variable }
                                  + plan.dayFolds.map { replay.dayFolds[$0].variable }),
                              metricsShape: shape(positions.map { replay.rules.metrics[$0].id }))
        slot.metricRead = metricRead
        return slot
    }
}
