import RuleModel

/// The fact variables one expression of the decision at `now` reads, as bit sets over
/// `FactVariable.allCases` (hashing the variables' names for every state cost more than the
/// rest of deciding what to build): through its plan's program, and as written.
struct VariablesRead: Sendable {
    let plan: PlannedExpression?
    let tabulated: UInt16
    let written: UInt16

    static let everything = UInt16.max

    /// `FactVariable.allCases`, made once (it is built anew at each use).
    static let order = FactVariable.allCases

    static func bit(_ variable: FactVariable) -> UInt16 {
        UInt16(1) << UInt16(order.firstIndex(of: variable) ?? 15)
    }

    static func bits(_ variables: Set<FactVariable>) -> UInt16 {
        variables.reduce(0) { $0 | bit($1) }
    }

    init(_ plan: PlannedExpression?) {
        self.plan = plan
        tabulated = plan.map { Self.bits($0.inputs.variables) } ?? Self.everything
        written = plan.map { Self.bits($0.writtenVariables) } ?? Self.everything
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
