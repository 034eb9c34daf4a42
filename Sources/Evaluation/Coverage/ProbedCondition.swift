import CEL
import RuleModel

/// One condition of a rule set planned for coverage (`CoverageRecorder`): a `when`, `counts`
/// or `day` expression, or a boolean metric, with its branch points (`CELBranchPoints`) and the
/// probe that counts their outcomes.
package struct ProbedCondition: Sendable {
    /// What the expression is: `when`, `counts`, `day` or `metric`.
    package var field: String
    /// The achievement, streak or metric it belongs to.
    package var owner: String
    package var expression: RuleExpression
    /// Its branch points, outermost first.
    package var points: [CELExpr]
    let probe: CELOutcomeProbe
    /// The expression planned with `probe`.
    let program: CELProgram

    /// Plans `expression` with a probe on its branch points; `nil` when it was planned unchecked.
    init?(field: String, owner: String, expression: RuleExpression) {
        guard let checked = expression.program.checked else { return nil }
        self.field = field
        self.owner = owner
        self.expression = expression
        points = CELBranchPoints.of(checked.ast.root)
        probe = CELOutcomeProbe(watching: points.map(\.id))
        program = CELProgram(checked: checked, probe: probe)
    }

    /// What the branch point `point` evaluated to over every evaluation so far.
    package func outcomes(of point: CELExpr) -> CELOutcomeProbe.Outcomes {
        probe.outcomes(of: point.id)
    }
}
