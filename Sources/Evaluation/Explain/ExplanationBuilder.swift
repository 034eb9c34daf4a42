import CEL
import Facts
import RuleModel

/// Builds the explanation of one achievement or milestone (README.md, "Command line") from a finished replay: the
/// criterion is evaluated again at `now` with `CELProgram.evaluateTraced`, every sub-expression
/// is shown with its source text (from the AST ranges) and value, and the unlock is traced back to
/// its checkpoint and events.
package struct ExplanationBuilder {
    package let rules: RuleSet
    package let outcome: ReplayOutcome
    /// The state's events with `at` ≤ `now`, in time order (the replay's `ReplayFacts.events`).
    package let events: [StateEvent]
    package let costLimit: Int
    /// Longest source text shown for one sub-expression before it is shortened with "…".
    static let longestSource = 72
    /// Longest progress expression named next to its figure.
    static let namedMeasure = 40
    /// Longest list of missing levels written out.
    static let listedLevels = 10

    package init(rules: RuleSet, outcome: ReplayOutcome, events: [StateEvent], costLimit: Int = 10_000_000) {
        self.rules = rules
        self.outcome = outcome
        self.events = events
        self.costLimit = costLimit
    }

    /// Every achievement and milestone id, in output order (for "did you mean").
    package var awardIDs: [String] { outcome.decision.achievements.map(\.id) }

    /// The explanation of `id`, or `nil` when no achievement or milestone has that id.
    package func explain(_ id: String) -> Explanation? {
        guard let award = AwardRule.awards(of: rules).first(where: { $0.id == id }),
              let standing = outcome.decision.achievement(id) else { return nil }
        let now = outcome.decision.now
        let activation = outcome.activationAtNow
        let unlocked = awardsUnlockedAtNow()
        let requires = award.requires.map { Explanation.Requirement(id: $0, unlocked: unlocked.contains($0)) }
        let criterion = criterion(of: award, activation: activation, now: now)
        let isAvailable = award.isAvailable(at: now.instant)
        var missing: [String] = []
        if standing.state == .locked {
            missing = missingLines(award: award, standing: standing, criterion: criterion)
            for requirement in requires where !requirement.unlocked {
                missing.append("requires \(requirement.id), which is still locked")
            }
            if !isAvailable { missing.append("not available now: \(windowText(award.available, offset: now.offsetSeconds))") }
            if missing.isEmpty { missing.append("its criterion holds at now, yet it did not unlock: see the warnings of rulecheck eval") }
        }
        var explanation = Explanation(info: award.info, now: now, standing: standing, criterion: criterion, requires: requires,
                                      available: award.available, isAvailableNow: isAvailable, unlock: unlock(of: id),
                                      missing: missing)
        explanation.categoryTitle = rules.categories.first { $0.id == award.info.category }?.title
        if case .condition(let expression) = award.criterion {
            let (_, trace) = expression.program.evaluateTraced(activation, costLimit: costLimit)
            explanation.elements = deciding(expression, trace: trace, now: now)
            if standing.state == .locked {
                explanation.missing += explanation.elements.filter { $0.role != .madeTrue }.map { element in
                    "\(element.element) \(element.role.rawValue): not true for it: " + element.failing.joined(separator: ", ")
                }
            }
        }
        return explanation
    }

    // MARK: criterion

    func criterion(of award: AwardRule, activation: CELActivation, now: Moment) -> Explanation.Criterion {
        switch award.criterion {
        case .condition(let expression):
            let (value, trace) = expression.program.evaluateTraced(activation, costLimit: costLimit)
            var terms: [ExplanationTerm] = []
            if let ast = expression.program.checked?.ast {
                let scalars = Array(ast.source.unicodeScalars)
                // The whole condition is already shown with its value: list what it is made of.
                collectChildren(of: ast.root, depth: 0, scalars: scalars, trace: trace, offset: now.offsetSeconds,
                                into: &terms)
            }
            return .condition(source: Self.collapsed(expression.source),
                              value: ExplanationValueText.text(value, offsetSeconds: now.offsetSeconds), terms: terms)
        case .milestone(let streak, let days):
            let standing = outcome.decision.streaks.first { $0.id == streak }
            return .milestone(streak: streak, days: days, current: standing?.current ?? 0, status: standing?.status ?? "none")
        case .module(let module):
            let counted = rules.catalogs.first { $0.id == module.catalog }.map { module.levels(of: $0).map(\.id) } ?? []
            let done = counted.filter { isDone($0, difficulty: module.difficulty) }
            return .module(module, done: done, missing: counted.filter { !done.contains($0) })
        }
    }

    /// Depth-first, outermost first. Literals are left out (their value is their text), and so
    /// are bare variables (a whole fact table) except as the list a macro runs over; a
    /// comprehension shows its range but not its loop body, whose sub-expressions take a value
    /// per element.
    func collect(_ expr: CELExpr, depth: Int, scalars: [Unicode.Scalar], trace: [CELExprID: CELValue], offset: Int,
                 into terms: inout [ExplanationTerm], isIterRange: Bool = false) {
        var shown = true
        switch expr.kind {
        case .literal: shown = false
        case .ident: shown = isIterRange
        default: break
        }
        var childDepth = depth
        if shown {
            let value = trace[expr.id].map { ExplanationValueText.text($0, offsetSeconds: offset) } ?? "not evaluated"
            terms.append(ExplanationTerm(source: Self.text(of: expr.range, in: scalars), value: value, depth: depth))
            childDepth += 1
        }
        collectChildren(of: expr, depth: childDepth, scalars: scalars, trace: trace, offset: offset, into: &terms)
    }

    func collectChildren(of expr: CELExpr, depth: Int, scalars: [Unicode.Scalar], trace: [CELExprID: CELValue],
                         offset: Int, into terms: inout [ExplanationTerm]) {
        var isRange = false
        if case .comprehension = expr.kind { isRange = true }
        for child in Self.children(of: expr) {
            collect(child, depth: depth, scalars: scalars, trace: trace, offset: offset, into: &terms, isIterRange: isRange)
        }
    }

    /// The sub-expressions worth showing under a node: a selection's operand only when it is
    /// computed (`streaks.daily_use` in `streaks.daily_use.current` is not), a call's target and
    /// arguments, list elements, and a comprehension's range.
    static func children(of expr: CELExpr) -> [CELExpr] {
        switch expr.kind {
        case .literal, .ident, .map:
            return []
        case .select(let operand, _, _):
            switch operand.kind {
            case .call, .comprehension: return [operand]
            default: return []
            }
        case .call(let target, _, let args):
            return (target.map { [$0] } ?? []) + args
        case .list(let elements):
            return elements
        case .comprehension(let comprehension):
            return [comprehension.iterRange]
        }
    }

    static func text(of range: CELSourceRange, in scalars: [Unicode.Scalar]) -> String {
        let start = max(0, min(range.start, scalars.count)), end = max(start, min(range.end, scalars.count))
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end])
        let collapsed = collapsed(text)
        guard collapsed.count > longestSource else { return collapsed }
        return String(collapsed.prefix(longestSource - 1)) + "…"
    }

    /// Whitespace runs (line breaks of a folded YAML scalar included) as one space.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    // MARK: levels

    /// Whether a level is completed at `now` (at the named difficulty, when one is given).
    func isDone(_ level: String, difficulty: String?) -> Bool {
        guard case .map(let levels)? = outcome.bindingsAtNow[FactVariable.levels.rawValue],
              case .map(let record)? = levels[string: level],
              case .bool(true)? = record[string: "completed"] else { return false }
        guard let difficulty, difficulty != "any" else { return true }
        guard case .list(let played)? = record[string: "difficulties"] else { return false }
        return played.contains { if case .string(difficulty) = $0 { true } else { false } }
    }

    // MARK: what is missing

    func missingLines(award: AwardRule, standing: AwardStanding, criterion: Explanation.Criterion) -> [String] {
        let progress = standing.progress
        switch criterion {
        case .milestone(let streak, let days, let current, let status):
            guard current < days else { return [] }
            return ["streak \(current) of \(days) (\(streak), \(status))"]
        case .module(let module, let done, let missing):
            let difficulty = module.difficulty
            let total = done.count + missing.count
            guard total > 0 else {
                let counted = module.levels == .all ? "" : " counted"
                if let release = module.release {
                    return ["release \(release) has no\(counted) released level of module \(module.module) yet, so it cannot unlock"]
                }
                return ["module \(module.module) has no\(counted) released level yet, so it cannot unlock"]
            }
            guard !missing.isEmpty else { return [] }
            var listed = missing.prefix(Self.listedLevels).joined(separator: ", ")
            if missing.count > Self.listedLevels { listed += ", … and \(missing.count - Self.listedLevels) more" }
            let scope = difficulty.map { $0 == "any" ? "" : " on \($0)" } ?? ""
            return ["\(done.count) of \(total) levels\(scope): missing \(listed)"]
        case .condition(_, let value, _):
            switch award.progress {
            case .measured(let measured, _), .derived(let measured, _, _):
                let current = progress.current, target = progress.target
                guard current < target else {
                    return value == "true" ? [] : ["progress \(Self.number(current)) of \(Self.number(target)), but the condition is \(value)"]
                }
                let figure = "\(Self.number(current)) of \(Self.number(target))"
                if let streak = Self.streakID(in: measured.source),
                   let standing = outcome.decision.streaks.first(where: { $0.id == streak }) {
                    return ["streak \(figure) (\(streak), \(standing.status))"]
                }
                let source = Self.collapsed(measured.source)
                return [source.count <= Self.namedMeasure ? "progress \(figure) (\(source))" : "progress \(figure)"]
            case .binary, .module:
                return value == "true" ? [] : ["the condition is \(value) at \(outcome.decision.now.description)"]
            }
        }
    }

    /// The streak of a progress measured as `streaks.ID.current`.
    static func streakID(in source: String) -> String? {
        let parts = collapsed(source).split(separator: ".")
        guard parts.count == 3, parts[0] == "streaks", parts[2] == "current" else { return nil }
        return String(parts[1])
    }

    static func number(_ value: ProgressNumber) -> String {
        switch value {
        case .int(let v): String(v)
        case .double(let v): CELValue.double(v).description
        }
    }

    func windowText(_ window: AchievementRule.Window?, offset: Int) -> String {
        var parts: [String] = []
        if let from = window?.from { parts.append("from \(from.rfc3339(offsetSeconds: offset))") }
        if let until = window?.until { parts.append("until \(until.rfc3339(offsetSeconds: offset))") }
        return parts.joined(separator: " ")
    }

    func awardsUnlockedAtNow() -> Set<String> {
        Set(outcome.unlocks.values.filter { $0.at.instant <= outcome.decision.now.instant }.map(\.id))
    }

    // MARK: unlock

    func unlock(of id: String) -> ExplanationUnlock? {
        guard let decided = outcome.unlocks[id] else { return nil }
        guard let cause = decided.cause else {
            return ExplanationUnlock(at: decided.at, isStored: true, checkpoint: [], events: [],
                                     catalogVersion: decided.catalogVersion)
        }
        let events = cause.events.compactMap { index in
            self.events.first { $0.index == index }.map { ExplanationUnlock.Event(index: index, type: $0.type, at: $0.at) }
        }
        return ExplanationUnlock(at: decided.at, isStored: false, checkpoint: cause.checkpoint, events: events,
                                 catalogVersion: decided.catalogVersion)
    }
}
