import CEL
import Diagnostics
import RuleModel

/// Compiles the drafts' expressions (metrics first, in dependency order) and assembles the
/// typed `RuleSet`. Returns `nil` when anything could not be compiled.
struct RuleSetAssembler {
    /// What is left to assemble: each achievement draft is taken out once its rule is made.
    private(set) var drafts: [RuleFileDraft]
    /// Names the drafts do not hold that the rule set may define (files or entries not read).
    let unread: UnreadNames
    private(set) var diagnostics: [Diagnostic] = []
    /// The rule tests with their `holds` compiled (kept beside the rule set: the engine never runs them).
    private(set) var tests: [RuleTestCase] = []
    /// Where each compiled expression is written: where a lint points inside it.
    private(set) var written = WrittenExpressions()

    init(drafts: [RuleFileDraft], unread: UnreadNames = UnreadNames()) {
        self.drafts = drafts
        var all = unread
        for draft in drafts { all.merge(draft.unread) }
        self.unread = all
    }

    var names: RuleNames {
        RuleNames(metrics: drafts.flatMap { $0.metrics.map(\.id.value) },
                  streaks: drafts.flatMap { $0.streaks.map(\.id.value) },
                  achievements: drafts.flatMap(\.awardOrder),
                  catalogs: drafts.flatMap { $0.catalogs.map(\.id.value) },
                  levels: drafts.flatMap { $0.catalogs.flatMap { $0.levels.map(\.id.value) } },
                  unread: unread)
    }

    /// The rule set's tracking plan: the first file's `events` (a second one is an error, E453).
    var eventPlan: EventPlan? { drafts.lazy.compactMap(\.events).first?.plan }

    mutating func assemble() -> RuleSet? {
        var compiler = RuleExpressionCompiler(names: names, eventPlan: eventPlan)
        var complete = true
        let metrics = compileMetrics(&compiler, complete: &complete)

        var streaks: [StreakRule] = []
        for draft in drafts.flatMap(\.streaks) {
            let qualification: StreakRule.Qualification?
            switch draft.qualification {
            case .counts(let e)?: qualification = compile(e, .streakCounts, .bool, compiler).map { .counts($0) }
            case .day(let e)?: qualification = compile(e, .streakDay, .bool, compiler).map { .day($0) }
            case nil: qualification = nil
            }
            guard let qualification else { complete = false; continue }
            streaks.append(StreakRule(id: draft.id.value, title: draft.title, qualification: qualification,
                                      freezes: draft.freezes, backfillDays: draft.backfillDays,
                                      milestones: draft.milestones.map { .init(days: $0.days.value, info: $0.info) },
                                      span: draft.span, localizedTitle: draft.localizedTitle, meta: draft.meta))
        }

        let achievements = assembleAchievements(compiler, complete: &complete)
        let reminders = assembleReminders(compiler, complete: &complete)
        tests = assembleTests(compiler, complete: &complete)
        written.finish()
        guard complete else { return nil }
        var rules = RuleSet(files: drafts.map(\.file),
                       calendar: drafts.compactMap(\.calendar).first?.rule ?? CalendarRule(),
                       metrics: metrics, streaks: streaks, achievements: achievements,
                       ranks: drafts.flatMap(\.ranks).map(\.rule),
                       catalogs: drafts.flatMap(\.catalogs).map(\.rule),
                       categories: drafts.flatMap(\.categories).map(\.rule),
                       awardOrder: drafts.flatMap(\.awardOrder))
        rules.reminders = reminders
        rules.eventPlan = eventPlan
        return rules
    }

    /// The achievements, each draft taken out of `drafts` and released once its rule is made (a
    /// draft holds nothing the rule set needs after that).
    private mutating func assembleAchievements(_ compiler: RuleExpressionCompiler, complete: inout Bool) -> [AchievementRule] {
        var achievements: [AchievementRule] = []
        achievements.reserveCapacity(drafts.reduce(0) { $0 + $1.achievements.count })
        for file in drafts.indices {
            var pending = Array(drafts[file].achievements.reversed())
            drafts[file].achievements = []
            while let draft = pending.popLast() {
                if let rule = achievement(draft, compiler, complete: &complete) { achievements.append(rule) }
            }
        }
        return achievements
    }

    private mutating func achievement(_ draft: AchievementDraft, _ compiler: RuleExpressionCompiler,
                                      complete: inout Bool) -> AchievementRule? {
        var criterion: AchievementRule.Criterion?, progress: AchievementRule.Progress = .binary
        switch draft.criterion {
        case .when(let e)?:
            if let when = compile(e, .rule, .bool, compiler) {
                criterion = .when(when)
                progress = compiler.derivedProgress(of: when, draft: e)
            }
        case .completeModule(let reference)?:
            criterion = .completeModule(ModuleCriterion(
                catalog: reference.catalog.value, module: reference.module.value, difficulty: reference.difficulty?.value,
                release: reference.release?.value, levels: reference.levels))
            progress = .module
        case nil: break
        }
        if let explicit = draft.progress {
            let current = compile(explicit.current, .rule, .number, compiler)
            let target = compile(explicit.target, .rule, .number, compiler)
            if let current, let target { progress = .measured(current: current, target: target) } else { complete = false }
        }
        guard let criterion else { complete = false; return nil }
        return AchievementRule(info: draft.info, criterion: criterion, progress: progress,
                               requires: draft.requires.map(\.value), available: draft.available)
    }

    /// Reminders with their `when` compiled (a boolean over the facts at `now`).
    private mutating func assembleReminders(_ compiler: RuleExpressionCompiler, complete: inout Bool) -> [ReminderRule] {
        var reminders: [ReminderRule] = []
        for draft in drafts.flatMap(\.reminders) {
            var when: RuleExpression?
            if let expression = draft.when {
                when = compile(expression, .rule, .bool, compiler)
                if when == nil { complete = false; continue }
            }
            let title = draft.title?.defaultText ?? draft.id.value
            if let on = draft.on {
                reminders.append(ReminderRule(id: draft.id.value, title: title, localizedTitle: draft.title, on: on,
                                              streak: draft.streak?.value, beforeSeconds: draft.beforeSeconds, when: when,
                                              meta: draft.meta, span: draft.span))
            } else if let daily = draft.daily {
                reminders.append(ReminderRule(id: draft.id.value, title: title, localizedTitle: draft.title, daily: daily,
                                              when: when, meta: draft.meta, span: draft.span))
            }
        }
        return reminders
    }

    /// Rule tests with their `holds` compiled; every id an expectation names must exist (E441).
    private mutating func assembleTests(_ compiler: RuleExpressionCompiler, complete: inout Bool) -> [RuleTestCase] {
        let names = compiler.names
        var tests: [RuleTestCase] = []
        for var test in drafts.flatMap(\.tests) {
            for (reference, kind) in test.expect.awardReferences.map({ ($0, names.achievements) })
                + test.expect.streakReferences.map({ ($0, names.streaks) }) where !kind.contains(reference.value) {
                let suggestion = Suggestion.closest(to: reference.value, in: kind.sorted)
                diagnostics.append(.error(
                    RuleCode.unknownExpectedID,
                    "rule test '\(test.name)' expects \(kind.kind) '\(reference.value)', which the rule set does not define"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                    at: reference.span, fix: suggestion.map { "write '\($0)'" }))
            }
            var holds: [RuleExpression] = []
            for draft in test.expect.holdDrafts {
                if let expression = compile(draft, .rule, .bool, compiler) { holds.append(expression) } else { complete = false }
            }
            test.expect.holds = holds
            tests.append(test)
        }
        return tests
    }

    /// Metrics in dependency order; a cycle is reported once and its metrics are not compiled.
    private mutating func compileMetrics(_ compiler: inout RuleExpressionCompiler, complete: inout Bool) -> [MetricRule] {
        let all = drafts.flatMap(\.metrics)
        var byName: [String: MetricDraft] = [:]
        var graph = DependencyGraph()
        for metric in all where byName[metric.id.value] == nil {
            byName[metric.id.value] = metric
            graph.add(metric.id.value, uses: MetricReferenceScanner.references(in: metric.expression.source))
        }
        var onCycle = Set<String>()
        for cycle in graph.cycles() {
            onCycle.formUnion(cycle)
            guard let headName = cycle.first, let head = byName[headName] else { continue }
            diagnostics.append(.error(RuleCode.metricCycle, "cycle in metrics: \(cycle.joined(separator: " → "))",
                                      at: head.expression.span,
                                      fix: "a metric cannot use itself, directly or through other metrics"))
        }
        for name in graph.nodes where onCycle.contains(name) {
            complete = false
            compiler.declareMetric(name, type: .dyn)
        }
        var compiled: [MetricRule] = []
        for name in graph.dependencyOrder() where !onCycle.contains(name) {
            guard let draft = byName[name] else { continue }
            guard let expression = compile(draft.expression, .rule, nil, compiler) else {
                complete = false
                // Declared as dyn so that rules using it are not reported again as unknown.
                compiler.declareMetric(name, type: .dyn)
                continue
            }
            compiler.declareMetric(name, type: expression.program.resultType)
            compiled.append(MetricRule(id: name, expression: expression, show: draft.show))
        }
        return compiled
    }

    private mutating func compile(_ draft: ExpressionDraft, _ scope: FactTypes.Scope,
                                  _ expecting: RuleExpressionCompiler.Expectation?,
                                  _ compiler: RuleExpressionCompiler) -> RuleExpression? {
        let result = compiler.compile(draft, scope: scope, expecting: expecting)
        diagnostics += result.diagnostics
        written.add(draft)
        return result.expression
    }
}
