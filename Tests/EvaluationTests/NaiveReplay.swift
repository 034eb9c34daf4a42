import CEL
import Evaluation
import Facts
import RuleModel
import Rules

/// The reference the replay must match byte for byte (docs/evaluation.md, "Replay"): deliberately naive. At every
/// checkpoint it rebuilds all facts from nothing (`FactTimeline.facts(at:)`), evaluates every
/// metric and the condition of every locked award as written, over the whole activation, and
/// repeats until nothing more unlocks at that checkpoint. No caching, no folding, no skipping.
enum NaiveReplay {
    static func run(rules: RuleSet, timeline: FactTimeline) -> Decision {
        let replay = Replay(rules: rules)
        let facts = StateFacts(timeline: timeline)
        let checkpoints = CheckpointPlan(rules: rules, facts: facts).checkpoints
        var unlocks: [String: UnlockDecision] = [:]
        for stored in timeline.state.unlocked where unlocks[stored.id] == nil {
            let points = replay.awards.first { $0.id == stored.id }?.info.points ?? 0
            unlocks[stored.id] = UnlockDecision(id: stored.id, at: stored.at, points: points, catalogVersion: stored.catalogVersion)
        }
        var costLimited: Set<String> = []
        // Repeatable awards: judged at every checkpoint; an unlock at each rising edge, unless a
        // stored unlock of the same id has that instant.
        var heldBefore: Set<String> = [], repeats: [String: [UnlockDecision]] = [:]
        let stored = Set(timeline.state.unlocked.map { "\($0.id)@\($0.at.instant.seconds)" })

        for checkpoint in checkpoints {
            let t = checkpoint.instant
            var heldNow: Set<String> = []
            func unlocked(_ id: String) -> Bool { unlocks[id].map { $0.at.instant <= t } ?? false }
            while true {
                let achievements = FactSnapshot.achievementsValue(replay.awards.map { award in
                    (id: award.id, unlockedAt: unlocked(award.id) ? unlocks[award.id]?.at : nil)
                })
                let snapshot = timeline.facts(at: checkpoint.time, achievements: achievements)
                let activation = metricsActivation(rules: rules, snapshot: snapshot)

                var unlocking: [AwardRule] = []
                for award in replay.awards where award.info.repeatable ? !heldNow.contains(award.id) : unlocks[award.id] == nil {
                    if let window = award.available {
                        if let from = window.from, t < from { continue }
                        if let until = window.until, t >= until { continue }
                    }
                    guard award.requires.allSatisfy(unlocked) else { continue }
                    guard holds(award, activation, snapshot, costLimited: &costLimited) else { continue }
                    if award.info.repeatable {
                        heldNow.insert(award.id)
                        if heldBefore.contains(award.id) { continue }
                    }
                    unlocking.append(award)
                }
                if unlocking.isEmpty { break }
                for award in unlocking {
                    if award.info.repeatable && stored.contains("\(award.id)@\(t.seconds)") { continue }
                    var version: Int?
                    if case .module(let module) = award.criterion {
                        version = rules.catalogs.first { $0.id == module.catalog }?.version
                    }
                    let unlock = UnlockDecision(id: award.id, at: checkpoint.time, points: award.info.points,
                                                catalogVersion: version,
                                                cause: UnlockCause(checkpoint: checkpoint.kind, events: checkpoint.events))
                    if award.info.repeatable { repeats[award.id, default: []].append(unlock) }
                    if unlocks[award.id].map({ t < $0.at.instant }) ?? true { unlocks[award.id] = unlock }
                }
            }
            heldBefore = heldNow
        }
        return replay.decide(facts, unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited,
                             repeats: repeats).decision
    }

    /// The snapshot's variables with every metric evaluated in order, each seeing those before it.
    static func metricsActivation(rules: RuleSet, snapshot: FactSnapshot) -> CELActivation {
        var bindings = snapshot.variables
        var metrics: [(key: String, value: CELValue)] = []
        for metric in rules.metrics {
            bindings["metrics"] = .map(CELMap(strings: metrics))
            metrics.append((metric.id, metric.expression.program.evaluate(CELActivation(bindings))))
        }
        bindings["metrics"] = .map(CELMap(strings: metrics))
        return CELActivation(bindings)
    }

    /// Whether an award's criterion holds, as written; a condition over its cost limit is noted.
    private static func holds(_ award: AwardRule, _ activation: CELActivation, _ snapshot: FactSnapshot,
                              costLimited: inout Set<String>) -> Bool {
        switch award.criterion {
        case .condition(let expression):
            let value = expression.program.evaluate(activation)
            if case .error(let error) = value, error.kind == .costLimitExceeded { costLimited.insert(award.id) }
            return if case .bool(true) = value { true } else { false }
        case .milestone(let streak, let days):
            return (snapshot.streak(streak)?.current ?? 0) >= days
        case .module(let module):
            return snapshot.moduleProgress(module).isComplete
        }
    }

    /// The ids that must get a `rule_error` or `cost_limit` warning, worked out independently of
    /// the replay's decision: every award locked at the end whose condition or progress is an
    /// error at `now` as written, and every streak whose predicate is an error for some on-time
    /// event (`counts`) or some day record at `now` (`day`).
    static func ruleErrorIDs(rules: RuleSet, timeline: FactTimeline, decision: Decision) -> Set<String> {
        let snapshot = timeline.facts(at: timeline.now, achievements: FactSnapshot.achievementsValue(
            decision.achievements.map { (id: $0.id, unlockedAt: $0.unlockedAt) }))
        var bindings = snapshot.variables
        var metrics: [(key: String, value: CELValue)] = []
        for metric in rules.metrics {
            bindings["metrics"] = .map(CELMap(strings: metrics))
            metrics.append((metric.id, metric.expression.program.evaluate(CELActivation(bindings))))
        }
        bindings["metrics"] = .map(CELMap(strings: metrics))
        let activation = CELActivation(bindings)
        func fails(_ expression: RuleExpression, _ activation: CELActivation) -> Bool {
            if case .error = expression.program.evaluate(activation) { return true }
            return false
        }
        var ids: Set<String> = []
        for achievement in rules.achievements where decision.achievement(achievement.info.id)?.state == .locked {
            guard case .when(let condition) = achievement.criterion else { continue }
            var expressions = [condition]
            switch achievement.progress {
            case .measured(let current, let target): expressions += [current, target]
            case .derived(let current, _, _): expressions.append(current)
            case .binary, .module: break
            }
            if expressions.contains(where: { fails($0, activation) }) { ids.insert(achievement.info.id) }
        }
        let user = bindings["user"] ?? .null
        for streak in rules.streaks {
            switch streak.qualification {
            case .counts(let expression):
                let onTime = timeline.events.enumerated().filter { $0.element.onTime }.map { timeline.eventValues[$0.offset] }
                if onTime.contains(where: { fails(expression, CELActivation(["event": $0, "user": user])) }) { ids.insert(streak.id) }
            case .day(let expression):
                guard case .list(let days)? = bindings["days"] else { continue }
                if days.array.contains(where: { fails(expression, CELActivation(["day": $0, "user": user])) }) { ids.insert(streak.id) }
            }
        }
        return ids
    }
}
