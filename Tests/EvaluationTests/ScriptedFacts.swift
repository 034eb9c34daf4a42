import CEL
import Diagnostics
import Evaluation
import Facts
import RuleModel
import Rules

/// Facts given as step functions of time, so the replay's unlock logic can be tested without a
/// state file: a streak's `current` and a module's progress change at given instants.
struct ScriptedFacts: ReplayFacts {
    var userID = "u1"
    var now: Moment
    var events: [StateEvent] = []
    /// Kill moments and day ends, in seconds (reported in `zoneOffset`).
    var boundaries: [Int64] = []
    var timeCheckpoints: [Moment] { boundaries.map { Moment(instant: CELTimestamp(seconds: $0), offsetSeconds: zoneOffset) } }
    var storedUnlocks: [StoredUnlock] = []
    var scriptedWarnings: [EvaluationWarning] = []
    var zoneOffset = 0
    /// streak id → (from instant, current) steps in time order.
    var streakSteps: [String: [(from: Int64, current: Int)]] = [:]
    /// "catalog/module" → (from instant, done, total) steps in time order.
    var moduleSteps: [String: [(from: Int64, done: Int, total: Int)]] = [:]

    init(now: Int64, nowOffset: Int = 0, events: [(at: Int64, offset: Int)] = []) {
        self.now = Moment(instant: CELTimestamp(seconds: now), offsetSeconds: nowOffset)
        let indexed = events.enumerated().map {
            StateEvent(index: $0, type: "tick", at: Moment(instant: CELTimestamp(seconds: $1.at), offsetSeconds: $1.offset))
        }
        self.events = indexed.filter { $0.at.instant <= self.now.instant }
            .sorted { $0.at.instant != $1.at.instant ? $0.at.instant < $1.at.instant : $0.index < $1.index }
    }

    func reportingOffset(at instant: CELTimestamp) -> Int { zoneOffset }
    func levelsStamp(at moment: FactMoment) -> Int {
        moduleSteps.values.reduce(0) { sum, steps in sum + steps.filter { $0.from <= moment.instant.seconds }.count }
    }
    func variable(_ variable: FactVariable, at moment: FactMoment) -> CELValue {
        switch variable {
        case .now: .timestamp(moment.instant)
        case .events: .list(CELList(events.prefix(moment.eventCount).map { _ in CELValue.map(CELMap(strings: [("type", .string("tick"))])) }))
        default: .null
        }
    }
    func streakCurrent(_ streak: String, at moment: FactMoment) -> Int {
        streakSteps[streak]?.last { $0.from <= moment.instant.seconds }?.current ?? 0
    }
    func moduleProgress(_ criterion: ModuleCriterion, at moment: FactMoment) -> ModuleProgress {
        let (catalog, module) = (criterion.catalog, criterion.module)
        guard let step = moduleSteps["\(catalog)/\(module)"]?.last(where: { $0.from <= moment.instant.seconds }) else {
            return ModuleProgress(done: 0, total: moduleSteps["\(catalog)/\(module)"]?.first?.total ?? 0)
        }
        return ModuleProgress(done: step.done, total: step.total)
    }
    func streakStandings(at moment: FactMoment) -> [StreakStanding] {
        streakSteps.keys.sorted().map { id in
            let current = streakCurrent(id, at: moment)
            return StreakStanding(id: id, current: current, longest: current, totalDays: current,
                                  status: current > 0 ? "active" : "none", freezesAvailable: 0, lastDay: nil)
        }
    }
    func warnings(at moment: FactMoment) -> [EvaluationWarning] { scriptedWarnings }

    /// Scripted facts know no event after `now`.
    var writtenEvents: [StateEvent] { events }
    /// Scripted facts place no events on days.
    var onTimeDays: [Int32] { [] }
    /// Scripted facts judge no CEL predicates.
    var streakCountsErrors: [Int: (event: Int, error: CELError)] { [:] }

    /// `days`' length, from its value.
    func dayCount(at moment: FactMoment) -> Int {
        if case .list(let days) = variable(.days, at: moment) { days.count } else { 0 }
    }
    /// Scripted facts know their streaks by id.
    func streakCurrent(_ streak: String, ruleIndex: Int?, at moment: FactMoment) -> Int {
        streakCurrent(streak, at: moment)
    }
    /// Read from the `streaks` value.
    func streakFigure(_ streak: String, _ field: FactTypes.StreakField, at moment: FactMoment) -> Int? {
        guard case .map(let streaks) = variable(.streaks, at: moment), case .map(let record)? = streaks[string: streak],
              case .int(let value)? = record[string: field.rawValue] else { return nil }
        return Int(value)
    }
    /// Scripted facts cannot tell when a streak rises.
    func streakRiseEventCount(_ streak: Int, at moment: FactMoment) -> Int? { nil }
    /// Scripted facts have no calendar to look ahead on.
    func timeDrivenChanges() -> (horizon: Moment, changes: [TimeDrivenChange])? { nil }
    /// Scripted facts have no calendar to look ahead on.
    func dailyMoments(at time: LocalTime) -> [(day: LocalDay, facts: FactSnapshot)] { [] }
    /// Every record changed at every moment (correct, and as slow as reading every day each time).
    func dayChanges(since mark: DayChangeMark, at moment: FactMoment,
                    _ changed: (Int) -> Void) -> (mark: DayChangeMark, everything: Bool) {
        (mark, true)
    }
    /// Scripted facts do not follow their streaks: every moment is a change.
    func streaksStamp(_ streaks: [Int]?, at moment: FactMoment) -> Int? { nil }
    /// Scripted facts do not follow their day records: every moment is a change.
    func daysStamp(at moment: FactMoment) -> Int? { nil }
}

/// Small builders for hand-made rule sets.
enum RuleFixtures {
    static let span = SourceSpan.file("rules.yaml")

    static func info(_ id: String, points: Int = 0, hidden: Bool = false) -> AwardInfo {
        AwardInfo(id: id, title: id.uppercased(), points: points, hidden: hidden, span: span)
    }

    static func streak(_ id: String, milestones: [(days: Int, id: String, points: Int)]) throws -> StreakRule {
        // The qualification is never evaluated by these tests: ScriptedFacts answers `current`.
        let placeholder = RuleExpression(source: "true", span: span, program: try literalProgram())
        return StreakRule(id: id, title: id, qualification: .counts(placeholder),
                          milestones: milestones.map { .init(days: $0.days, info: info($0.id, points: $0.points)) },
                          span: span)
    }

    static func module(_ id: String, catalog: String, module: String, points: Int = 0, hidden: Bool = false,
                       requires: [String] = [], from: Int64? = nil, until: Int64? = nil) -> AchievementRule {
        let window: AchievementRule.Window? = (from == nil && until == nil) ? nil
            : .init(from: from.map { CELTimestamp(seconds: $0) }, until: until.map { CELTimestamp(seconds: $0) })
        return AchievementRule(info: info(id, points: points, hidden: hidden),
                               criterion: .completeModule(ModuleCriterion(catalog: catalog, module: module)),
                               progress: .module, requires: requires, available: window)
    }

    static func catalog(_ id: String, version: Int, levels: [(id: String, module: String, release: Int)]) -> CatalogRule {
        CatalogRule(id: id, version: version, modules: Set(levels.map(\.module)).sorted().map { .init(id: $0, title: $0) },
                    levels: levels.map { .init(id: $0.id, module: $0.module, title: $0.id, release: $0.release, span: span) },
                    span: span)
    }

    /// A planned `true`; never evaluated by the tests that use it.
    static func literalProgram() throws -> CELProgram {
        try CELProgram(parsed: CELAST(root: CELExpr(id: 1, range: .init(start: 0, end: 4), kind: .literal(.bool(true))),
                                      source: "true"))
    }
}
