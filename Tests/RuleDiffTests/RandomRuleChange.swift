import Foundation
import TestSupport

/// A random rule set, a version of it changed the ways product staff change rules (thresholds,
/// points, awards added and removed, a catalog release, `repeatable`), and random user states,
/// for the property test of `diff`'s effects.
struct RandomRuleChange {
    struct Award: Equatable {
        var id: String
        var points: Int
        /// `{metric} >= {threshold}`, a module, or a toggling count for repeatable awards.
        var metric: String
        var threshold: Int
        var repeatable = false
    }

    struct Version: Equatable {
        var awards: [Award]
        var milestoneDays: Int
        var milestonePoints: Int
        var catalogVersion: Int
        var rankPoints: Int
    }

    /// What a mutation did, to check the rule changes.
    enum Mutation: Equatable {
        case threshold(String), points(String), added(String), removed(String), catalogVersion, repeatable(String),
             milestoneDays, rankPoints
    }

    static let metrics = ["checkins", "focus_minutes", "tasks", "levels_done"]

    static func version(_ g: inout SeededGenerator) -> Version {
        var awards: [Award] = []
        for index in 0..<Int.random(in: 3...6, using: &g) {
            let metric = g.pick(metrics + ["module", "toggle"])
            let threshold = switch metric {
            case "focus_minutes": Int.random(in: 10...120, using: &g)
            case "module", "toggle": 0
            default: Int.random(in: 1...5, using: &g)
            }
            awards.append(Award(id: "a\(index)", points: g.pick([0, 5, 10, 25]), metric: metric, threshold: threshold,
                                repeatable: metric == "toggle" || (metric != "module" && g.chance(0.1))))
        }
        return Version(awards: awards, milestoneDays: Int.random(in: 2...4, using: &g), milestonePoints: 10,
                       catalogVersion: Int.random(in: 1...2, using: &g), rankPoints: g.pick([10, 20, 40]))
    }

    /// One to three mutations of `version`.
    static func mutate(_ version: Version, _ g: inout SeededGenerator) -> (Version, [Mutation]) {
        var changed = version
        var mutations: [Mutation] = []
        for _ in 0..<Int.random(in: 1...3, using: &g) {
            let index = Int.random(in: 0..<changed.awards.count, using: &g)
            let id = changed.awards[index].id
            switch Int.random(in: 0..<8, using: &g) {
            case 0 where !["module", "toggle"].contains(changed.awards[index].metric):
                changed.awards[index].threshold = max(1, changed.awards[index].threshold + g.pick([-2, -1, 1, 2, 15]))
                mutations.append(.threshold(id))
            case 1:
                changed.awards[index].points += g.pick([5, 10])
                mutations.append(.points(id))
            case 2:
                let new = "n\(changed.awards.count)x\(Int.random(in: 0...999, using: &g))"
                changed.awards.append(Award(id: new, points: 7, metric: g.pick(metrics), threshold: Int.random(in: 1...3, using: &g)))
                mutations.append(.added(new))
            case 3 where changed.awards.count > 2:
                changed.awards.remove(at: index)
                mutations.append(.removed(id))
            case 4:
                changed.catalogVersion = changed.catalogVersion == 1 ? 2 : 1
                mutations.append(.catalogVersion)
            case 5 where changed.awards[index].metric != "module":
                changed.awards[index].repeatable.toggle()
                mutations.append(.repeatable(id))
            case 6:
                changed.milestoneDays = changed.milestoneDays == 2 ? 3 : 2
                mutations.append(.milestoneDays)
            default:
                changed.rankPoints += 15
                mutations.append(.rankPoints)
            }
        }
        return (changed, mutations)
    }

    /// The rule files of a version (name → YAML text).
    static func files(_ version: Version) -> [String: String] {
        var rules = """
            schema: 1
            metrics:
              checkins: events.filter(e, e.type == "check_in").size()
              focus_minutes: events.filter(e, e.type == "focus_session").map(e, e.minutes).sum()
              tasks: events.filter(e, e.type == "task_completed").size()
              levels_done: levels.filter(k, levels[k].completed).size()
            streaks:
              - id: daily
                title: Daily
                counts: event.type == "check_in"
                milestones:
                  - { days: \(version.milestoneDays), id: daily_m, title: Days, points: \(version.milestonePoints) }
            ranks:
              - { id: bronze, title: Bronze, min_points: 0 }
              - { id: silver, title: Silver, min_points: \(version.rankPoints) }
            achievements:

            """
        for award in version.awards {
            rules += "  - id: \(award.id)\n    title: \(award.id)\n    points: \(award.points)\n"
            if award.repeatable { rules += "    repeatable: true\n" }
            switch award.metric {
            case "module": rules += "    complete_module: { catalog: puzzle, module: m1 }\n"
            case "toggle": rules += "    when: events.filter(e, e.type == \"check_in\").size() % 2 == 1\n"
            default: rules += "    when: metrics.\(award.metric) >= \(award.threshold)\n"
            }
        }
        let catalog = """
            schema: 1
            catalog:
              id: puzzle
              version: \(version.catalogVersion)
              modules:
                - { id: m1, title: M1 }
              levels:
                - { id: l1, module: m1, title: L1 }
                - { id: l2, module: m1, title: L2, release: 2 }

            """
        return ["rules.yaml": rules, "catalog.yaml": catalog]
    }

    /// One NDJSON line: a state of up to 30 events over ten days, stored unlocks now and then, a
    /// missing `now` never (the moment must not be the clock's), a bad line one time in 25.
    static func stateLine(_ g: inout SeededGenerator, index: Int, awardIDs: [String]) -> String {
        if g.chance(0.04) { return g.pick(["{", "{\"schema\": 1}", "[1, 2]", "{\"schema\": 1, \"user\": {\"id\": 3}}"]) }
        let start: Int64 = 1_767_225_600
        var events: [String] = []
        var at = start
        for _ in 0..<Int.random(in: 0...30, using: &g) {
            at += Int64.random(in: 600...40_000, using: &g)
            let time = timestamp(at)
            switch Int.random(in: 0..<4, using: &g) {
            case 0: events.append("{\"type\":\"check_in\",\"at\":\"\(time)\"}")
            case 1: events.append("{\"type\":\"focus_session\",\"at\":\"\(time)\",\"minutes\":\(Int.random(in: 5...50, using: &g))}")
            case 2: events.append("{\"type\":\"task_completed\",\"at\":\"\(time)\"}")
            default: events.append("{\"type\":\"level_completed\",\"at\":\"\(time)\",\"level\":\"\(g.pick(["l1", "l2"]))\"}")
            }
        }
        var unlocked: [String] = []
        for id in awardIDs + ["daily_m", "gone"] where g.chance(0.08) {
            unlocked.append("{\"id\":\"\(id)\",\"at\":\"\(timestamp(start + Int64.random(in: 0...400_000, using: &g)))\"}")
        }
        let user = g.chance(0.1) ? "" : "u\(index)"
        return "{\"schema\":1,\"user\":{\"id\":\"\(user)\"},\"now\":\"\(timestamp(at + 3_600))\",\"events\":[\(events.joined(separator: ","))]"
            + (unlocked.isEmpty ? "" : ",\"unlocked\":[\(unlocked.joined(separator: ","))]") + "}"
    }

    private static func timestamp(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
