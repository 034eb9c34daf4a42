import CEL
import Evaluation
import Facts
import RuleModel
import Rules
import Testing

/// docs/evaluation.md, "Replay": first checkpoint, requires at the same moment, available window, stored unlocks,
/// never revoking — judged through milestones and module achievements, whose criteria come from
/// the facts.
@Suite struct ReplayUnlockTests {
    let day: Int64 = 86_400

    func rules(achievements: [AchievementRule] = [], streaks: [StreakRule] = [], catalogs: [CatalogRule] = [],
               ranks: [RankRule] = []) -> RuleSet {
        RuleSet(calendar: CalendarRule(), streaks: streaks, achievements: achievements, ranks: ranks, catalogs: catalogs,
                awardOrder: achievements.map(\.info.id) + streaks.flatMap { $0.milestones.map(\.info.id) })
    }

    @Test func milestoneUnlocksAtTheFirstCheckpointWhereCurrentReachesItsDays() throws {
        let streak = try RuleFixtures.streak("daily", milestones: [(2, "two", 20), (5, "five", 50)])
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 3600), (2 * day, 3600), (3 * day, 3600)])
        facts.boundaries = [2 * day - 100, 3 * day - 100]
        // current reaches 2 at the time-driven checkpoint 2*day-100 and breaks later.
        facts.streakSteps["daily"] = [(day, 1), (2 * day - 100, 2), (4 * day, 0)]
        facts.zoneOffset = -18_000
        let outcome = Replay(rules: rules(streaks: [streak])).run(facts)
        let unlocks = outcome.decision.unlocks
        #expect(unlocks.map(\.id) == ["two"])
        #expect(unlocks.first?.at == Moment(instant: CELTimestamp(seconds: 2 * day - 100), offsetSeconds: -18_000))
        // It broke afterwards: still unlocked, progress never goes down once earned.
        let two = try #require(outcome.decision.achievement("two"))
        #expect(two.state == .unlocked)
        #expect(two.progress == AwardProgress(current: .int(2), target: .int(2)))
        let five = try #require(outcome.decision.achievement("five"))
        #expect(five.state == .locked)
        #expect(five.progress == AwardProgress(current: .int(0), target: .int(5)))
        #expect(outcome.decision.points == 20)
    }

    @Test func requiresCanBeMetAtTheSameMoment() throws {
        let streak = try RuleFixtures.streak("daily", milestones: [(1, "first", 0)])
        let collector = RuleFixtures.module("collector", catalog: "c", module: "m", requires: ["first", "gated"])
        let gated = RuleFixtures.module("gated", catalog: "c", module: "m", requires: ["first"])
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0), (3 * day, 0)])
        facts.streakSteps["daily"] = [(3 * day, 1)]
        facts.moduleSteps["c/m"] = [(0, 1, 1)]
        let outcome = Replay(rules: rules(achievements: [collector, gated], streaks: [streak])).run(facts)
        let times = Dictionary(uniqueKeysWithValues: outcome.decision.unlocks.map { ($0.id, $0.at.instant.seconds) })
        #expect(times == ["first": 3 * day, "gated": 3 * day, "collector": 3 * day])
        // Ordered by time, then id.
        #expect(outcome.decision.unlocks.map(\.id) == ["collector", "first", "gated"])
    }

    @Test(arguments: [
        // (from, until, expected unlock instant in days or nil)
        (Int64?.none, Int64?.some(2), Int64?.some(1)),
        (Int64?.some(4), Int64?.none, Int64?.some(4)),     // available.from is a checkpoint of its own
        (Int64?.some(2), Int64?.some(3), Int64?.some(2)),
        (Int64?.none, Int64?.some(1), Int64?.none),        // until is exclusive
        (Int64?.some(20), Int64?.none, Int64?.none),       // after now
    ])
    func availableWindowIsHalfOpen(from: Int64?, until: Int64?, expected: Int64?) {
        let award = RuleFixtures.module("windowed", catalog: "c", module: "m",
                                        from: from.map { $0 * day }, until: until.map { $0 * day })
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0), (2 * day + 5, 0), (5 * day, 0)])
        facts.moduleSteps["c/m"] = [(0, 1, 1)]
        let outcome = Replay(rules: rules(achievements: [award])).run(facts)
        #expect(outcome.decision.unlocks.first?.at.instant.seconds == expected.map { $0 * day })
        if let expected {
            let at = outcome.decision.unlocks.first?.at.instant.seconds ?? -1
            #expect(at >= expected * day)
        }
    }

    @Test func noCheckpointBeforeTheFirstEvent() {
        let award = RuleFixtures.module("early", catalog: "c", module: "m", from: day)
        var facts = ScriptedFacts(now: 10 * day, events: [(3 * day, 7200)])
        facts.boundaries = [2 * day, 4 * day, 12 * day]
        facts.storedUnlocks = [StoredUnlock(id: "gone", at: Moment(instant: CELTimestamp(seconds: day), offsetSeconds: 0))]
        facts.moduleSteps["c/m"] = [(0, 1, 1)]
        let outcome = Replay(rules: rules(achievements: [award])).run(facts)
        #expect(outcome.checkpoints.map(\.instant.seconds) == [3 * day, 4 * day, 10 * day])
        #expect(outcome.decision.unlocks.first?.at == Moment(instant: CELTimestamp(seconds: 3 * day), offsetSeconds: 7200))
        #expect(outcome.decision.unlocks.first?.cause == UnlockCause(checkpoint: .event, events: [0]))
    }

    @Test func storedUnlocksAreKeptNeverReportedAgainAndCountForPoints() throws {
        let streak = try RuleFixtures.streak("daily", milestones: [(1, "first", 10), (2, "second", 20)])
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0), (2 * day, 0)])
        facts.streakSteps["daily"] = [(day, 1), (2 * day, 2)]
        let storedAt = Moment(instant: CELTimestamp(seconds: 5 * day), offsetSeconds: 28_800)
        facts.storedUnlocks = [StoredUnlock(id: "first", at: storedAt),
                               StoredUnlock(id: "retired_badge", at: storedAt)]
        let ranks = [RankRule(id: "novice", title: "Novice", minPoints: 0), RankRule(id: "adept", title: "Adept", minPoints: 30),
                     RankRule(id: "master", title: "Master", minPoints: 100)]
        let outcome = Replay(rules: rules(streaks: [streak], ranks: ranks)).run(facts)
        #expect(outcome.decision.unlocks.map(\.id) == ["second"])
        #expect(outcome.decision.achievement("first")?.unlockedAt == storedAt)
        #expect(outcome.decision.points == 30)
        #expect(outcome.decision.rank == RankStanding(id: "adept", title: "Adept", next: .init(id: "master", minPoints: 100)))
        #expect(outcome.decision.warnings.map(\.code) == ["unknown_achievement"])
        #expect(outcome.decision.warnings.first?.message.contains("retired_badge") == true)
        #expect(outcome.unlocks["retired_badge"] != nil)
    }

    @Test func replayingItsOwnUnlocksUnlocksNothingNew() throws {
        let streak = try RuleFixtures.streak("daily", milestones: [(1, "first", 10), (3, "third", 30)])
        let award = RuleFixtures.module("mod", catalog: "c", module: "m", points: 5, requires: ["first"])
        let ruleSet = rules(achievements: [award], streaks: [streak], catalogs: [RuleFixtures.catalog("c", version: 1, levels: [("l1", "m", 1)])])
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0), (2 * day, 0), (3 * day, 0)])
        facts.streakSteps["daily"] = [(day, 1), (2 * day, 2), (3 * day, 3), (4 * day, 0)]
        facts.moduleSteps["c/m"] = [(2 * day, 1, 1)]
        let first = Replay(rules: ruleSet).run(facts)
        facts.storedUnlocks = first.decision.unlocks.map { StoredUnlock(id: $0.id, at: $0.at, catalogVersion: $0.catalogVersion) }
        let second = Replay(rules: ruleSet).run(facts)
        #expect(first.decision.unlocks.count == 3)
        #expect(second.decision.unlocks.isEmpty)
        #expect(second.decision.points == first.decision.points)
        #expect(second.decision.achievements == first.decision.achievements.map { var a = $0; a.isStored = true; return a })
    }

    @Test func moduleAchievementAfterACatalogRelease() {
        let award = RuleFixtures.module("nianhua", catalog: "puzzle", module: "nianhua", points: 300)
        let catalog = RuleFixtures.catalog("puzzle", version: 3, levels: [
            ("n1", "nianhua", 1), ("n2", "nianhua", 1), ("n3", "nianhua", 2), ("n4", "nianhua", 3), ("x", "other", 3),
        ])
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0)])
        facts.moduleSteps["puzzle/nianhua"] = [(0, 3, 4)]
        facts.storedUnlocks = [StoredUnlock(id: "nianhua", at: Moment(instant: CELTimestamp(seconds: day), offsetSeconds: 0),
                                            catalogVersion: 1)]
        let decision = Replay(rules: rules(achievements: [award], catalogs: [catalog])).run(facts).decision
        let standing = decision.achievement("nianhua")
        #expect(standing?.state == .unlocked)
        #expect(standing?.progress == AwardProgress(current: .int(3), target: .int(4)))
        #expect(standing?.catalogVersion == 1)
        #expect(standing?.newLevels == 2)
        #expect(decision.points == 300)
    }

    @Test func newModuleUnlockRecordsTheCatalogVersion() {
        let award = RuleFixtures.module("nianhua", catalog: "puzzle", module: "nianhua", hidden: true)
        let catalog = RuleFixtures.catalog("puzzle", version: 2, levels: [("n1", "nianhua", 1), ("n2", "nianhua", 2)])
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0), (2 * day, 0)])
        facts.moduleSteps["puzzle/nianhua"] = [(0, 1, 2), (2 * day, 2, 2)]
        let decision = Replay(rules: rules(achievements: [award], catalogs: [catalog])).run(facts).decision
        #expect(decision.unlocks == [UnlockDecision(id: "nianhua", at: Moment(instant: CELTimestamp(seconds: 2 * day), offsetSeconds: 0),
                                                    points: 0, catalogVersion: 2, cause: UnlockCause(checkpoint: .event, events: [1]))])
        #expect(decision.achievement("nianhua")?.hidden == false)
        #expect(decision.achievement("nianhua")?.catalogVersion == 2)
        #expect(decision.achievement("nianhua")?.newLevels == nil)
    }

    @Test func hiddenOnlyWhileLocked() {
        let award = RuleFixtures.module("secret", catalog: "c", module: "m", hidden: true)
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0)])
        facts.moduleSteps["c/m"] = [(0, 0, 1)]
        let locked = Replay(rules: rules(achievements: [award])).run(facts).decision
        #expect(locked.achievement("secret")?.hidden == true)
        facts.moduleSteps["c/m"] = [(0, 1, 1)]
        let unlocked = Replay(rules: rules(achievements: [award])).run(facts).decision
        #expect(unlocked.achievement("secret")?.hidden == false)
    }

    @Test func moduleWithoutCountedLevelsNeverUnlocks() {
        let award = RuleFixtures.module("empty", catalog: "c", module: "m")
        var facts = ScriptedFacts(now: 10 * day, events: [(day, 0)])
        facts.moduleSteps["c/m"] = [(0, 0, 0)]
        let decision = Replay(rules: rules(achievements: [award])).run(facts).decision
        #expect(decision.unlocks.isEmpty)
        #expect(decision.achievement("empty")?.progress == AwardProgress(current: .int(0), target: .int(0)))
    }

    @Test func withoutEventsNowIsTheOnlyCheckpoint() {
        let award = RuleFixtures.module("m", catalog: "c", module: "m")
        var facts = ScriptedFacts(now: 10 * day, nowOffset: 3600)
        facts.boundaries = [9 * day]
        facts.moduleSteps["c/m"] = [(0, 1, 1)]
        let outcome = Replay(rules: rules(achievements: [award])).run(facts)
        #expect(outcome.checkpoints.map(\.instant.seconds) == [10 * day])
        #expect(outcome.decision.unlocks.first?.at == Moment(instant: CELTimestamp(seconds: 10 * day), offsetSeconds: 3600))
    }
}
