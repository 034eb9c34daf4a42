import CEL
import Diagnostics
import Evaluation
import RuleModel
import Rules

/// What rule tests exercised of a rule set (docs/guide.md, "Test
/// coverage"): two outcomes per award (unlocked in some test, locked at `now` in some test) and
/// per condition (evaluated to true, evaluated to false), each condition at its file position.
package struct CoverageReport: Sendable {
    package struct Award: Sendable {
        package var id: String
        package var span: SourceSpan
        /// In how many tests the replay unlocked it, and left it locked at `now`.
        package var unlocked: Int
        package var locked: Int
    }

    /// One branch point of a condition (`CELBranchPoints`), with where it is written.
    package struct Condition: Sendable {
        package var file: String
        package var position: SourcePosition
        /// The sub-expression as written, white space collapsed.
        package var expression: String
        package var outcomes: CELOutcomeProbe.Outcomes
    }

    /// An outcome no test saw.
    package struct Gap: Sendable {
        package enum Kind: String, Sendable {
            case neverTrue = "never true"
            case neverFalse = "never false"
            case neverEvaluated = "never evaluated"
            case neverUnlocked = "never unlocked"
            case neverLocked = "never locked"
        }
        package var file: String
        package var position: SourcePosition
        package var kind: Kind
        /// The expression, or the award's id.
        package var subject: String
    }

    /// Every award, in output order.
    package var awards: [Award]
    /// Every branch point, by file, line and column (one written twice through a YAML alias
    /// counted once, with the evaluations of both).
    package var conditions: [Condition]

    package init(awards: [Award], conditions: [Condition]) {
        self.awards = awards
        self.conditions = conditions
    }

    /// The report of what `recorder` recorded, with positions read from the rule files.
    package init(recorder: CoverageRecorder) {
        let positions = ExpressionPositions(files: recorder.rules.files)
        var infos: [String: AwardInfo] = [:]
        for achievement in recorder.rules.achievements where infos[achievement.info.id] == nil {
            infos[achievement.info.id] = achievement.info
        }
        for milestone in recorder.rules.streaks.flatMap(\.milestones) where infos[milestone.info.id] == nil {
            infos[milestone.info.id] = milestone.info
        }
        awards = recorder.awardIDs.compactMap { id in
            infos[id].map { Award(id: id, span: $0.span, unlocked: recorder.unlockedIn[id] ?? 0, locked: recorder.lockedIn[id] ?? 0) }
        }
        var merged: [Condition] = []
        var index: [String: Int] = [:]
        for probed in recorder.conditions {
            let scalars = Array(probed.expression.source.unicodeScalars)
            for point in probed.points {
                let position = positions.position(of: point.range.start, in: probed.expression)
                let text = Self.text(scalars, point.range)
                let file = probed.expression.span.file
                let key = "\(file):\(position.line):\(position.column):\(text)"
                let outcomes = probed.outcomes(of: point)
                if let at = index[key] {
                    merged[at].outcomes.trueCount += outcomes.trueCount
                    merged[at].outcomes.falseCount += outcomes.falseCount
                    merged[at].outcomes.otherCount += outcomes.otherCount
                } else {
                    index[key] = merged.count
                    merged.append(Condition(file: file, position: position, expression: text, outcomes: outcomes))
                }
            }
        }
        // At one place (an expression and its first operand), outermost first, as found.
        conditions = merged.enumerated().sorted { a, b in
            (a.element.file, a.element.position, a.offset) < (b.element.file, b.element.position, b.offset)
        }.map(\.element)
    }

    /// The source text of `range`, its white space runs collapsed to one space.
    static func text(_ scalars: [Unicode.Scalar], _ range: CELSourceRange) -> String {
        let start = max(0, min(range.start, scalars.count)), end = max(start, min(range.end, scalars.count))
        var text = ""
        var pendingSpace = false
        for scalar in scalars[start..<end] {
            if scalar.properties.isWhitespace {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace { text.unicodeScalars.append(" ") }
            pendingSpace = false
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    /// All outcomes: two per award and two per condition.
    package var total: Int { 2 * (awards.count + conditions.count) }

    /// The outcomes some test saw.
    package var seen: Int {
        awards.reduce(0) { $0 + ($1.unlocked > 0 ? 1 : 0) + ($1.locked > 0 ? 1 : 0) }
            + conditions.reduce(0) { $0 + ($1.outcomes.trueCount > 0 ? 1 : 0) + ($1.outcomes.falseCount > 0 ? 1 : 0) }
    }

    /// Every outcome never seen, by file, line and column; a condition never reached is one gap.
    package var gaps: [Gap] {
        var gaps: [Gap] = []
        for award in awards {
            if award.unlocked == 0 {
                gaps.append(Gap(file: award.span.file, position: award.span.start, kind: .neverUnlocked, subject: award.id))
            }
            if award.locked == 0 {
                gaps.append(Gap(file: award.span.file, position: award.span.start, kind: .neverLocked, subject: award.id))
            }
        }
        for condition in conditions {
            let outcomes = condition.outcomes
            func gap(_ kind: Gap.Kind) -> Gap {
                Gap(file: condition.file, position: condition.position, kind: kind, subject: condition.expression)
            }
            if !outcomes.evaluated {
                gaps.append(gap(.neverEvaluated))
                continue
            }
            if outcomes.trueCount == 0 { gaps.append(gap(.neverTrue)) }
            if outcomes.falseCount == 0 { gaps.append(gap(.neverFalse)) }
        }
        // Stable: at one place, awards' gaps before conditions', each in the order found.
        return gaps.enumerated().sorted { a, b in
            (a.element.file, a.element.position, a.offset) < (b.element.file, b.element.position, b.offset)
        }.map(\.element)
    }
}
