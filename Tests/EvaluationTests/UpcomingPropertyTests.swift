import CEL
import Evaluation
import Facts
import Foundation
import RuleModel
import Rules
import RulesTestSupport
import Testing
import TestSupport

/// `upcoming` (docs/evaluation.md), over seeded random rule sets and states: every entry agrees with a fresh
/// evaluation at `--now` = its `at` (what it says changed there, and had not just before), and
/// no streak or day changes at a time checkpoint of the span that the list leaves out. The
/// reference builds the facts from nothing at each moment (no look-ahead, no incremental builder).
@Suite struct UpcomingPropertyTests {
    static let ruleSets = 16
    static let statesPerRuleSet = 16

    /// What a streak and the days look like at one moment, as a fresh evaluation gives them.
    struct Look: Equatable {
        var streaks: [String: StreakState]
        var dayStatus: [String: String]
    }

    @Test func upcomingAgreesWithEvaluatingLater() throws {
        var kinds: Set<String> = []
        for seed in 0..<Self.ruleSets { kinds.formUnion(try checkRuleSet(seed)) }
        // The cases must exercise every kind the facts bring, not only an empty list.
        #expect(kinds.isSuperset(of: ["streak_at_risk", "streak_freezes", "streak_breaks", "freeze_refill", "day_expires"]),
                "kinds seen: \(kinds.sorted())")
    }

    /// One random rule set over its random states; the kinds its lists held.
    private func checkRuleSet(_ ruleSetSeed: Int) throws -> Set<String> {
        var g = SeededGenerator(seed: 0x5EED &+ UInt64(ruleSetSeed) &* 104_729)
        let rules = try Self.load(RandomScenario.rules(&g), seed: ruleSetSeed)
        let replay = Replay(rules: rules)
        var kinds: Set<String> = []
        for stateIndex in 0..<Self.statesPerRuleSet {
            var state = try StateFile.parse(json: RandomScenario.state(&g, awardIDs: rules.awardOrder))
            let now = try #require(state.now)
            // Later evaluations see the same history: no event after `now`, the backfill cut-off
            // fixed at this first evaluation (what --write-state records).
            state.events = state.events.filter { $0.at.instant <= now.instant }
            state.backfillAt = state.backfillAt ?? now
            guard let timeline = try? FactTimeline(state: state, rules: rules, now: now) else { continue }
            let upcoming = replay.run(StateFacts(timeline: timeline)).decision.upcoming
            let context = "rule set \(ruleSetSeed), state \(stateIndex)"
            kinds.formUnion(upcoming.map(\.kind))
            try check(upcoming, state: state, rules: rules, timeline: timeline, context: context)
        }
        return kinds
    }

    /// Compares the list with the changes a fresh evaluation shows at each time checkpoint of the
    /// span, and checks that nothing moves between checkpoints (one second before each entry).
    private func check(_ upcoming: [UpcomingChange], state: StateFile, rules: RuleSet, timeline: FactTimeline,
                       context: String) throws {
        let now = timeline.now
        let calendar = timeline.calendar
        let offset = timeline.events.last.map { timeline.event(of: $0).at.offsetSeconds } ?? now.offsetSeconds
        // Under `timezone: event` with a `user.timezone`, the wall-clock times ahead are the user's.
        let zone = timeline.zoneAhead
        let start = Moment(instant: now.instant, offsetSeconds: timeline.offsetAhead(at: now.instant, from: zone) ?? offset)
        let today = timeline.facts(at: zone == nil ? now : start).today
        let end = calendar.end(of: today + 1)
        let horizon = timeline.momentAhead(of: end, lastOffset: offset, zone: zone)
        guard let far = try? FactTimeline(state: state, rules: rules, now: horizon) else { return }
        let moments = zone.map { far.boundariesAhead(today - 1...today + 1, zone: $0, lastOffset: offset,
                                                        after: now.instant, through: horizon.instant) }
            ?? far.timeCheckpoints().filter { $0.instant > now.instant }
        func look(at moment: Moment) throws -> Look {
            let fresh = try FactTimeline(state: state, rules: rules, now: moment)
            let facts = fresh.facts(at: moment)
            var days: [String: String] = [:]
            if case .list(let list) = facts.days {
                for case .map(let day) in list.array {
                    if case .string(let date)? = day[string: "date"], case .string(let status)? = day[string: "status"] {
                        days[date] = status
                    }
                }
            }
            return Look(streaks: Dictionary(uniqueKeysWithValues: facts.streakStates.map { ($0.id, $0.state) }), dayStatus: days)
        }
        var expected: [String] = []
        var before = try look(at: start)
        for moment in moments {
            let after = try look(at: moment)
            // Nothing moves between checkpoints: one second before, it is as at the one before.
            let justBefore = Moment(instant: CELTimestamp(seconds: moment.instant.seconds - 1), offsetSeconds: moment.offsetSeconds)
            if justBefore.instant > now.instant {
                #expect(try look(at: justBefore) == before, "\(context): facts moved between checkpoints before \(moment)")
            }
            expected += Self.changes(from: before, to: after).map { "\(moment.instant.seconds) \($0)" }
            before = after
        }
        let listed = upcoming.filter { !$0.kind.hasPrefix("available_") }
            .map { "\($0.at.instant.seconds) \($0.kind) \($0.subject)" }
        #expect(listed.sorted() == expected.sorted(), "\(context): upcoming \(listed) but evaluating later shows \(expected)")
        #expect(upcoming.allSatisfy { $0.at.instant > now.instant && $0.at.instant <= horizon.instant })
        // In the calendar zone's offset (under `timezone: event` the user's zone, else the last event's).
        #expect(upcoming.allSatisfy { $0.at.offsetSeconds == StateFacts(timeline: timeline).reportingOffset(at: $0.at.instant) })
        for entry in upcoming where entry.kind.hasPrefix("available_") {
            let window = rules.achievements.first { $0.info.id == entry.achievement }?.available
            #expect((entry.kind == "available_from" ? window?.from : window?.until) == entry.at.instant, "\(context): \(entry)")
        }
        let order = upcoming.map { ($0.at.instant, $0.kind, $0.subject) }
        #expect(zip(order, order.dropFirst()).allSatisfy { a, b in a.0 != b.0 ? a.0 < b.0 : a.1 != b.1 ? a.1 < b.1 : a.2 <= b.2 })
    }

    /// The kinds of `upcoming`, read off two fresh evaluations.
    static func changes(from before: Look, to after: Look) -> [String] {
        var found: [String] = []
        for (id, now) in after.streaks {
            guard let was = before.streaks[id] else { continue }
            if now.status == .atRisk, was.status != .atRisk { found.append("streak_at_risk \(id)") }
            if now.current == 0, was.current > 0 {
                found.append("streak_breaks \(id)")
            } else if now.freezesAvailable < was.freezesAvailable, now.current > 0 {
                found.append("streak_freezes \(id)")
            }
            if now.freezesAvailable > was.freezesAvailable { found.append("freeze_refill \(id)") }
        }
        for (day, status) in after.dayStatus where status == "expired" && before.dayStatus[day].map({ $0 != "expired" }) ?? true {
            found.append("day_expires \(day)")
        }
        return found
    }

    static func load(_ files: [String: String], seed: Int) throws -> RuleSet {
        try RuleSetText.load(files: files.sorted { $0.key < $1.key }.map { (file: $0.key, text: $0.value) })
    }
}
