import RuleModel

/// The fact variables one expression of the decision at `now` reads, as `FactVariableSet` bits
/// (hashing the variables' names for every state would cost more than the rest of deciding what
/// to build): through its plan's program, and as written.
struct VariablesRead: Sendable {
    let plan: PlannedExpression?
    let tabulated: UInt16
    let written: UInt16

    static let everything = UInt16.max

    init(_ plan: PlannedExpression?) {
        self.plan = plan
        tabulated = plan.map { $0.inputs.variables.bits } ?? Self.everything
        written = plan.map { $0.writtenVariables.bits } ?? Self.everything
    }

    /// Every metric, then every award's condition and progress figures, as the decision
    /// evaluates them.
    static func atNow(metricPlans: [PlannedExpression], awards: [AwardPlan]) -> [VariablesRead] {
        var reads = metricPlans.map(VariablesRead.init)
        for award in awards {
            switch award.rule.criterion {
            case .condition: reads.append(VariablesRead(award.condition))
            case .milestone, .module: break
            }
            switch award.rule.progress {
            case .measured:
                reads.append(VariablesRead(award.progressCurrent))
                reads.append(VariablesRead(award.progressTarget))
            case .derived: reads.append(VariablesRead(award.progressCurrent))
            case .binary, .module: break
            }
        }
        return reads
    }
}
