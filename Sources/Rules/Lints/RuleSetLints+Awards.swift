import CEL
import Diagnostics
import RuleModel

extension RuleSetLints {
    // MARK: W433

    /// An explicit `progress` whose `current` is what the `when` compares (`X >= N`, alone or as a
    /// conjunct of `&&`) and whose target folds to a number other than that threshold: the bar
    /// fills when the award does not unlock, or the award unlocks with the bar short of full.
    mutating func checkProgress(_ achievement: AchievementRule, when: RuleExpression, checked: CELCheckedAST) {
        guard case .measured(let current, let target) = achievement.progress,
              let currentAST = current.program.checked, let targetAST = target.program.checked else { return }
        let thresholds = Self.conjuncts(checked.ast.root).compactMap(CELThreshold.init)
        guard let threshold = thresholds.first(where: { $0.operand.isWrittenAlike(currentAST.ast.root) }),
              case .constant(let value)? = CELConstantFolding(targetAST).root,
              let written = Self.double(value) else { return }
        let expected: Double
        switch threshold.bound {
        case .int(let n): expected = Double(n) + (threshold.isStrict ? 1 : 0)
        case .uint(let n): expected = Double(n) + (threshold.isStrict ? 1 : 0)
        case .double(let d): expected = d
        default: return
        }
        guard written != expected else { return }
        let operand = Self.text(of: threshold.operand, in: when.source)
        diagnostics.append(.warning(
            RuleCode.progressTarget,
            "progress target \(Self.number(written)) of '\(achievement.info.id)' is not the threshold of its 'when' (\(Self.number(expected))): the bar and the unlock disagree",
            at: target.span,
            notes: [DiagnosticNote("'when' compares '\(operand)' here", at: locate(threshold.operand.range, when))],
            fix: "write 'target: \(Self.number(expected))', or leave 'progress' out: it is derived from 'when'"))
    }

    /// The operands of a chain of `&&`, left to right.
    static func conjuncts(_ node: CELExpr) -> [CELExpr] {
        guard case .call(nil, "_&&_", let args) = node.kind, args.count == 2 else { return [node] }
        return conjuncts(args[0]) + conjuncts(args[1])
    }

    static func double(_ value: CELValue) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .uint(let u): Double(u)
        case .double(let d): d
        default: nil
        }
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    // MARK: W431

    /// Achievements that require one that can never unlock, or one that cannot unlock before
    /// their `available` window ends. (An award whose own `when` is always false is W430's, a
    /// module without a counted level W401's; only those that require them are reported here.)
    mutating func checkNeverUnlocking() {
        var never: [String: String] = [:]
        var earliest: [String: CELTimestamp] = [:]
        for achievement in ruleSet.achievements {
            if let reason = ownReason(achievement) { never[achievement.info.id] = reason }
            if let from = achievement.available?.from { earliest[achievement.info.id] = from }
        }
        var reported: [String: String] = [:]
        var changed = true
        while changed {
            changed = false
            for achievement in ruleSet.achievements where never[achievement.info.id] == nil {
                let id = achievement.info.id
                for required in achievement.requires {
                    if never[required] != nil {
                        never[id] = "it requires '\(required)', which can never unlock"
                    } else if let start = earliest[required], start > (earliest[id] ?? start) || earliest[id] == nil {
                        earliest[id] = start
                        changed = true
                        if let until = achievement.available?.until, start >= until {
                            never[id] = "it requires '\(required)', which cannot unlock before \(start.rfc3339(offsetSeconds: 0)), when its own 'available' window has ended (\(until.rfc3339(offsetSeconds: 0)))"
                        }
                    }
                    if let reason = never[id] {
                        reported[id] = reason
                        changed = true
                        break
                    }
                }
            }
        }
        for achievement in ruleSet.achievements {
            guard let reason = reported[achievement.info.id] else { continue }
            diagnostics.append(.warning(RuleCode.neverUnlocks, "'\(achievement.info.id)' can never unlock: \(reason)",
                                        at: achievement.info.span,
                                        fix: "change 'requires' or 'available', or the award it requires"))
        }
    }

    /// Why an achievement can never unlock by itself: a `when` that folds to false (written
    /// `false` included), a module without a counted released level.
    private func ownReason(_ achievement: AchievementRule) -> String? {
        switch achievement.criterion {
        case .when(let when):
            guard let checked = when.program.checked, folding(checked).root?.bool == false else { return nil }
            return "its 'when' is always false"
        case .completeModule(let criterion):
            guard let catalog = ruleSet.catalogs.first(where: { $0.id == criterion.catalog }) else { return nil }
            return criterion.levels(of: catalog).isEmpty ? "its module has no counted released level" : nil
        }
    }

    // MARK: W434

    /// Two achievements with the same criterion (the same `when` as written, whatever the
    /// spacing and parentheses, or the same module), the same `requires` and the same window:
    /// they always unlock together.
    /// Awards are sorted by the hash of what decides them (`SameCriterion`), so each is compared
    /// only with the awards of equal hash before it, not with every award before it.
    mutating func checkSameCriterion() {
        let awards = ruleSet.achievements
        var keyed: [(hash: Int, index: Int)] = []
        for (index, award) in awards.enumerated() {
            if let key = SameCriterion(award) { keyed.append((key.hashValue, index)) }
        }
        keyed.sort { ($0.hash, $0.index) < ($1.hash, $1.index) }
        var pairs: [(later: Int, earlier: Int)] = []
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].hash == keyed[start].hash { end += 1 }
            if end - start > 1 {
                let keys = keyed[start..<end].map { SameCriterion(awards[$0.index]) }
                for later in keys.indices {
                    // The first earlier award alike (equality is an equivalence: the group's first).
                    if let key = keys[later], let earlier = keys[..<later].firstIndex(where: { $0 == key }) {
                        pairs.append((keyed[start + later].index, keyed[start + earlier].index))
                    }
                }
            }
            start = end
        }
        for (laterIndex, earlierIndex) in pairs.sorted(by: { $0.later < $1.later }) {
            let later = awards[laterIndex], earlier = awards[earlierIndex]
            let span: SourceSpan
            if case .when(let when) = later.criterion { span = when.span } else { span = later.info.span }
            diagnostics.append(.warning(
                RuleCode.sameCriterion,
                "'\(later.info.id)' has the same criterion as '\(earlier.info.id)': they always unlock together",
                at: span, notes: [DiagnosticNote("'\(earlier.info.id)' is here", at: earlier.info.span)],
                fix: "change one of the criteria, or keep one award"))
        }
    }
}

/// What decides when an award unlocks (W434): its criterion as written, what it requires, whether
/// it repeats and when it is available. Two awards with equal keys always unlock together.
private struct SameCriterion: Hashable {
    enum Criterion: Hashable {
        case when(CELWrittenForm)
        case completeModule(ModuleCriterion)
    }
    let criterion: Criterion
    let requires: Set<String>
    let repeatable: Bool
    let from: CELTimestamp?
    let until: CELTimestamp?

    /// `nil` for an award no other can share a criterion with: one whose `when` did not check, or
    /// is a written `true` or `false` (a welcome badge, a retired one: meant).
    init?(_ award: AchievementRule) {
        switch award.criterion {
        case .when(let when):
            guard let root = when.program.checked?.ast.root else { return nil }
            if case .literal = root.kind { return nil }
            criterion = .when(CELWrittenForm(root))
        case .completeModule(let module):
            criterion = .completeModule(module)
        }
        requires = Set(award.requires)
        repeatable = award.info.repeatable
        from = award.available?.from
        until = award.available?.until
    }
}
