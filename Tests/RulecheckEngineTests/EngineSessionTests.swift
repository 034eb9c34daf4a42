import Evaluation
import Facts
import Foundation
import JSON
import StateFileYAML
import Output
import RulecheckEngine
import Testing

/// A session that records events one at a time ends where one replay of all of them ends.
@Suite struct EngineSessionTests {
    /// Random histories of every product, recorded one by one (the app opening in between now
    /// and then, without an event; each step grows the kept replay by its event): the unlocks the steps report,
    /// together, are the full replay's new unlocks (same ids, times and points, same order), and
    /// the last step's decision is the full replay's once new unlocks count as kept.
    ///
    /// A step judges its own moment, which a replay of the whole history does not: under
    /// `timezone: event` the app opening between two events in different offsets can see a
    /// streak dip that no checkpoint of the whole replay sees, and a repeatable milestone then
    /// pays again earlier (docs/engine.md, "Cost"). So the openings are in the shorter histories.
    @Test(arguments: EngineFixtures.products.map(\.name).flatMap { product in
        (1...4).map { (product, UInt64($0), 60, true) } + (5...12).map { (product, UInt64($0), 120, false) }
    })
    func recordingOneByOneEqualsOneReplay(product: String, seed: UInt64, count: Int, opensBetween: Bool) throws {
        let rules = EngineRules(try EngineFixtures.rules(product))
        let history = try RandomHistory(product: product, seed: seed, count: count)
        var session = try EngineSession(rules: rules, state: try history.emptyState, at: history.start)
        var reported = session.lastDecision.unlocks
        var previous = history.start
        for (index, event) in history.events.enumerated() {
            // Now and then the app opens between two events: time passes without an event.
            if opensBetween, index % 4 == 3 {
                let middle = (previous.unixSeconds + event.at.unixSeconds) / 2
                reported += try session.advance(to: Moment(unixSeconds: middle, offsetSeconds: previous.offsetSeconds)).unlocked
            }
            previous = event.at
            let changes = try session.record(event)
            reported += changes.unlocked
            #expect(changes.unlocked == session.lastDecision.unlocks)
        }
        let last = try #require(history.events.last).at
        let full = try rules.evaluate(try history.fullState, at: last)
        #expect(reported.map(Self.unlockKey) == full.unlocks.map(Self.unlockKey), "seed \(seed)")
        #expect(!full.unlocks.isEmpty || product == "weekyii", "the history unlocks something (\(product), seed \(seed))")
        let render = DecisionJSONRenderer(rules: rules.ruleSet)
        #expect(render.render(Self.keptAll(session.lastDecision)) == render.render(Self.keptAll(full)), "seed \(seed)")
        // The persisted state reads back to the same decision.
        let reread = try StateFile.parse(json: session.stateJSON)
        #expect(render.render(try rules.evaluate(reread, at: last)) == render.render(try session.decision(at: last)))
    }

    /// SkinLab's check-ins: a run starts, grows, reaches its 7-day celebration, is at risk the
    /// next day, a freeze covers a missed day, and it breaks when a day is missed without one.
    @Test func streakChangesFollowTheCheckIns() throws {
        let rules = EngineRules(try EngineFixtures.rules("skinlab"))
        let day: Int64 = 86_400
        let first: Int64 = 1_767_254_400 + 9 * 3_600 - 8 * 3_600  // 2026-01-01 09:00 +08:00
        func at(_ days: Int64, hours: Int64 = 0) -> Moment {
            Moment(unixSeconds: first + days * day + hours * 3_600, offsetSeconds: 8 * 3_600)
        }
        var session = try EngineSession(rules: rules, userID: "u", timeZone: "Asia/Shanghai", at: at(0, hours: -1))
        let started = try session.record(EngineEvent(type: "tracking_completed", at: at(0)))
        #expect(Self.events(started) == [.started])
        var changes = started
        for offset in 1..<7 { changes = try session.record(EngineEvent(type: "tracking_completed", at: at(Int64(offset)))) }
        #expect(Self.events(changes).contains(.extended))
        #expect(Self.events(changes).contains(.milestone(id: "celebrate_7_days", days: 7)), "\(changes)")
        #expect(changes.unlocked.map(\.id).contains("celebrate_7_days"))
        // Day 7 without a check-in yet: at risk.
        let atRisk = try session.advance(to: at(7, hours: 3))
        #expect(Self.events(atRisk).contains(.atRisk), "\(atRisk)")
        // Day 7 missed; on day 8 a freeze covers it.
        let frozen = try session.useFreeze(at: at(8), date: "2026-01-08")
        #expect(Self.events(frozen).contains(.frozen) || frozen.streaks.first?.after.freezesAvailable == 0, "\(frozen)")
        #expect(frozen.streaks.first?.after.freezesAvailable == 0)
        // Two days missed, no freeze left: broken.
        let broken = try session.advance(to: at(11))
        #expect(Self.events(broken).contains(.broken), "\(broken)")
        #expect(broken.streaks.first?.after.current == 0)
    }

    /// A bad event names its place in the state and leaves the session as it was.
    @Test func badEventLeavesTheSessionUnchanged() throws {
        let rules = EngineRules(try EngineFixtures.rules("taskmate"))
        let now = Moment(unixSeconds: 1_767_254_400, offsetSeconds: 0)
        var session = try EngineSession(rules: rules, userID: "u", at: now)
        _ = try session.record(EngineEvent(type: "task_completed", at: now))
        let before = session.stateJSON
        #expect(throws: StateFileError.self) {
            _ = try session.record(EngineEvent(type: "day_planned", at: now, attributes: JSONObject([("tasks", .string("x"))])))
        }
        let error = #expect(throws: StateFileError.self) {
            _ = try session.record(EngineEvent(type: "task_completed", at: now, attributes: JSONObject([("day", .int(1))])))
        }
        #expect(error?.path.description == "events[1].day", "\(String(describing: error))")
        #expect(session.stateJSON == before)
    }

    static func unlockKey(_ unlock: UnlockDecision) -> String { "\(unlock.id)@\(unlock.at) +\(unlock.points)" }

    static func events(_ changes: SessionChanges) -> [SessionChanges.Streak.Event] {
        changes.streaks.flatMap(\.events)
    }

    /// The decision as if every new unlock were already stored.
    static func keptAll(_ decision: Decision) -> Decision {
        var decision = decision
        decision.unlocks = []
        decision.achievements = decision.achievements.map { standing in
            var standing = standing
            standing.isStored = standing.state == .unlocked
            return standing
        }
        return decision
    }
}
