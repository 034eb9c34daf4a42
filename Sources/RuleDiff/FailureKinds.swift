import Evaluation
import Facts

/// What `diff --fail-on` may name (SPEC 7.5): an effect kind, `errors`, or a warning code of the
/// decision. A new warning code joins `warningCodes`.
package enum FailureKinds {
    package static let warningCodes = ["rule_error", "cost_limit", "unknown_achievement", EventPlanCheck.code]
        + FactWarning.Code.allCases.map(\.rawValue)

    package static let all = EffectKind.allCases.map(\.rawValue) + ["errors"] + warningCodes
}
