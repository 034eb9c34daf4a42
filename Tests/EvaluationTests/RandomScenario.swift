import CEL
import Facts
import Foundation
import JSON
import TestSupport

/// Random rule sets and user states for the replay's property test: time zones with daylight
/// saving dates, day starts, kill times and both late policies, plans and kill-time changes,
/// freezes (manual and auto), catalogs, level snapshots, stored unlocks (known and unknown),
/// future events, and conditions of every shape — folds over events, clock-driven facts,
/// `achievements`, metrics built on metrics, and bodies that fail on some events. Contract 1.1
/// adds: `backfill_days` with and without a stored `backfill.at`, plans made after the kill
/// time, ISO weeks of days and events, sums of mixed whole and fractional numbers, and rules
/// that fail (missing keys, empty lists, streak predicates that fail on some events or days, day
/// folds whose bodies fail on some days).
enum RandomScenario {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Australia/Lord_Howe",
                        "Asia/Shanghai", "UTC"]
    /// Days near daylight-saving changes of the zones above.
    static let baseDates = ["2026-03-03T00:00:00Z", "2026-03-24T00:00:00Z", "2026-10-20T00:00:00Z",
                            "2026-10-27T00:00:00Z", "2026-04-01T00:00:00Z", "2026-10-01T00:00:00Z"]
    static let offsets = [-18_000, -14_400, 0, 3_600, 19_800, 28_800, 37_800]
    static let eventTypes = ["check_in", "check_in", "focus_session", "focus_session", "task_completed",
                             "task_completed", "level_completed", "day_planned", "kill_time_changed", "freeze_used", "note"]
    static let levelIDs = ["n1", "n2", "n3", "n4", "l1", "l2", "zz"]

    // MARK: rules

    /// A rule set as YAML files (name → text).
    static func rules(_ g: inout SeededGenerator) -> [String: String] {
        let calendar = calendarText(&g)
        let metrics = metricsText()
        let streaks = streaksText(&g)
        let achievements = achievementsText(&g)
        let ranks = ranksText(&g)
        let catalog = catalogText(&g)
        return ["a_rules.yaml": "schema: 1\n" + calendar + metrics + streaks + achievements + ranks, "b_catalog.yaml": catalog]
    }

    /// The calendar: zone, day start, sometimes a kill time, the late policy.
    private static func calendarText(_ g: inout SeededGenerator) -> String {
        var calendar = "calendar:\n"
        let zone = g.pick(["event", "event", "user", g.pick(zones)])
        calendar += "  timezone: \(zone)\n"
        let dayStarts = g.pick(["00:00", "00:00", "04:00", "23:30"])
        calendar += "  day_starts: \"\(dayStarts)\"\n"
        if g.chance(0.6) {
            let kill = g.pick(["20:00", "02:00", "23:59", "12:30"].filter { $0 != dayStarts })
            calendar += "  kill_time: \"\(kill)\"\n"
        }
        calendar += "  late: \(g.pick(["exclude", "next_day"]))\n"
        return calendar
    }

    /// Metrics of every kind of fold over events and days, and metrics of metrics.
    private static func metricsText() -> String {
        let metrics = """
            metrics:
              checkins: events.filter(e, e.type == "check_in").size()
              focus_minutes: events.filter(e, e.type == "focus_session").map(e, e.minutes).sum()
              tasks: size(events.filter(e, e.type == "task_completed" && !e.late))
              late_events: events.filter(e, e.late).size()
              completed_days: days.filter(d, d.status == "completed").size()
              expired: days.map(d, d.expired_count).sum()
              busy: metrics.checkins + metrics.tasks
              night_owl: events.exists(e, e.hour >= 22)
              best_day: (days.map(d, d.events.filter(e, e.type == "task_completed").size()) + [0]).max()
              least_late: ([9] + days.map(d, d.late.size())).min()
              half_planned: days.map(d, double(d.planned) / 2.0).sum()
              focus_days: days.map(d, d.count.focus_session).sum()
              busy_day: days.exists(d, size(d.events) >= 3)
              all_planned: days.all(d, d.planned > 0)
              one_expired: days.exists_one(d, d.status == "expired")
              best_focus: (days.map(d, d.events.filter(e, e.type == "focus_session").map(e, e.minutes).sum()) + [0]).max()
              long_day: days.exists(d, d.events.exists(e, e.minutes >= 40))
              best_minutes: (days.map(d, d.events.filter(e, e.type == "focus_session" && has(e.minutes)).map(e, int(e.minutes)).sum()) + [0]).max()
              net_day: days.map(d, d.events.filter(e, e.type == "focus_session" && has(e.minutes)).map(e, int(e.minutes) - 30).sum()).max()
              bad_day: (days.map(d, d.events.map(e, int(e.minutes)).sum()) + [1]).max()
              runs: streaks.daily.current + streaks.perfect.longest

            """
        return metrics
    }

    /// Streaks on events and on days, with freezes and back-fill sometimes.
    private static func streaksText(_ g: inout SeededGenerator) -> String {
        var streaks = "streaks:\n"
        streaks += """
              - id: daily
                title: Daily
                counts: event.type in ["check_in", "task_completed"]

            """
        if g.chance(0.7) {
            streaks += "    freezes: { max: \(g.pick([1, 2])), refill_days: \(g.pick([3, 7, 30])), mode: \(g.pick(["manual", "auto"])) }\n"
        }
        if g.chance(0.2) { streaks += "    backfill_days: \(g.pick([3, 10]))\n" }
        streaks += """
                milestones:
                  - { days: 2, id: daily_2, title: Two, points: \(g.pick([5, 10])), repeatable: \(g.chance(0.4)) }
                  - { days: 4, id: daily_4, title: Four, points: 40 }
                  - { days: 7, id: daily_7, title: Seven, points: 70 }
              - id: perfect
                title: Perfect
                day: day.status == "completed"

            """
        if g.chance(0.5) { streaks += "    freezes: { max: 1, refill_days: 5, mode: \(g.pick(["manual", "auto"])) }\n" }
        streaks += """
                milestones:
                  - { days: 1, id: perfect_1, title: Perfect day, points: 15 }
                  - { days: 3, id: perfect_3, title: Perfect three, points: 30 }

            """
        if g.chance(0.3) {
            // Fails on every event without `minutes` (a rule error), counts long sessions.
            streaks += "  - id: long_sessions\n    title: Long\n    counts: event.minutes >= 20\n"
            if g.chance(0.5) { streaks += "    backfill_days: \(g.pick([2, 5]))\n" }
        }
        if g.chance(0.3) {
            // Fails on every day without a completed task.
            streaks += "  - id: task_days\n    title: Task days\n    day: day.count[\"task_completed\"] >= 1\n"
        }
        if g.chance(0.4) {
            // Reads status through expired_count, the plan and the kill time (judged again only
            // when one of them changes, not at each event of the day).
            streaks += "  - id: planned_days\n    title: Planned days\n"
            streaks += "    day: day.expired_count >= 1 || (day.planned >= 2 && day.kill_time != null)\n"
            streaks += "    milestones:\n      - { days: 2, id: planned_2, title: Two planned, points: 5, repeatable: true }\n"
        }
        if g.chance(0.3) {
            // Reads the day whole (judged again at every change of the day).
            streaks += "  - id: open_days\n    title: Open days\n    day: size([day].filter(x, x.status == \"open\")) > 0\n"
        }
        return streaks
    }

    /// Awards drawn from the templates, some gated on others or open only in a window.
    private static func achievementsText(_ g: inout SeededGenerator) -> String {
        var achievements = "achievements:\n"
        var ids: [String] = []
        func add(_ id: String, _ body: String) {
            ids.append(id)
            var text = "  - id: \(id)\n    title: \(id.uppercased())\n    points: \(g.pick([0, 10, 25, 100]))\n"
            if g.chance(0.15) { text += "    hidden: true\n" }
            if g.chance(0.25) { text += "    repeatable: true\n" }
            text += body
            if g.chance(0.15), let other = ids.dropLast().randomElement(using: &g) { text += "    requires: [\(other)]\n" }
            if g.chance(0.12), case .success(let base) = Moment.parse(g.pick(baseDates)) {
                let from = base.instant.seconds + Int64.random(in: 0...(10 * 86_400), using: &g)
                let until = from + Int64.random(in: 3_600...(6 * 86_400), using: &g)
                func stamp(_ seconds: Int64) -> String {
                    Moment(instant: CELTimestamp(seconds: seconds), offsetSeconds: 3_600).description
                }
                switch Int.random(in: 0..<3, using: &g) {
                case 0: text += "    available: { from: \(stamp(from)) }\n"
                case 1: text += "    available: { until: \(stamp(until)) }\n"
                default: text += "    available: { from: \(stamp(from)), until: \(stamp(until)) }\n"
                }
            }
            achievements += text
        }
        let templates = eventTemplates() + dayAndStreakTemplates()
        // In every rule set: fails at `now` unless today has a completed task (a rule error).
        add("busy_today", "    when: today.count[\"task_completed\"] >= 2\n")
        for _ in 0..<Int.random(in: 6...16, using: &g) {
            if g.chance(0.2), let other = ids.randomElement(using: &g) {
                // Reads one other award through `achievements.ID`.
                let id = "gate_\(ids.count)"
                // Either order: a threshold first sleeps until its folds change or an award unlocks.
                if g.chance(0.5) {
                    add(id, "    when: achievements.\(other).unlocked && metrics.busy >= \(Int.random(in: 0...4, using: &g))\n")
                } else {
                    add(id, "    when: metrics.tasks >= \(Int.random(in: 0...4, using: &g)) && achievements.\(other).unlocked\n")
                }
                continue
            }
            let (id, body) = g.pick(templates)(&g)
            if !ids.contains(id) { add(id, body) }
        }
        return achievements
    }

    /// Achievement templates over events, metrics, levels and counters.
    private static func eventTemplates() -> [(inout SeededGenerator) -> (String, String)] {
        let n = { (range: ClosedRange<Int>, g: inout SeededGenerator) in Int.random(in: range, using: &g) }
        return [
            { g in ("checkin_\(n(1...6, &g))", "    when: metrics.checkins >= \(n(1...6, &g))\n") },
            { g in ("focus_\(n(1...9, &g))", "    when: metrics.focus_minutes >= \(n(10...120, &g))\n") },
            { g in ("focus_d\(n(1...9, &g))", "    when: metrics.focus_minutes > \(n(10...90, &g)).5\n") },
            { g in ("tasks_\(n(1...9, &g))", "    when: metrics.tasks > \(n(0...5, &g))\n    progress: { current: metrics.tasks, target: 6 }\n") },
            { g in ("size_\(n(1...9, &g))", "    when: size(events) >= \(n(2...30, &g))\n") },
            { g in ("lates_\(n(1...9, &g))", "    when: events.exists(e, e.type == \"task_completed\" && e.late)\n") },
            { g in ("allearly_\(n(1...9, &g))", "    when: size(events) > 3 && events.all(e, e.hour < \(n(20...23, &g)))\n") },
            { g in ("one_\(n(1...9, &g))", "    when: events.exists_one(e, e.type == \"note\")\n") },
            { g in ("weekend_\(n(1...9, &g))", "    when: events.filter(e, e.weekday >= 6).map(e, e.day).size() >= \(n(1...4, &g))\n") },
            { g in ("longfocus_\(n(1...9, &g))", "    when: events.filter(e, e.type == \"focus_session\").filter(x, x.minutes >= 30).size() >= \(n(1...3, &g))\n") },
            { g in ("maxhour_\(n(1...9, &g))", "    when: size(events) > 0 && events.map(e, e.hour).max() >= \(n(18...23, &g))\n") },
            { g in ("perfect_days_\(n(1...9, &g))", "    when: metrics.completed_days >= \(n(1...3, &g))\n") },
            { g in ("expired_\(n(1...9, &g))", "    when: metrics.expired >= \(n(1...4, &g))\n") },
            { g in ("today_\(n(1...9, &g))", "    when: today.status == \"completed\" && today.planned >= \(n(1...3, &g))\n") },
            { g in ("streaky_\(n(1...9, &g))", "    when: streaks.daily.longest >= \(n(2...5, &g)) || streaks.daily.status == \"frozen\"\n") },
            { g in ("afternoon_\(n(1...9, &g))", "    when: now.getHours() >= \(n(6...20, &g)) && metrics.busy >= \(n(1...5, &g))\n") },
            { g in ("relative_\(n(1...9, &g))", "    when: events.filter(e, e.at > now - duration(\"\(n(2...48, &g))h\")).size() >= \(n(2...4, &g))\n") },
            { g in ("owl_\(n(1...9, &g))", "    when: metrics.night_owl\n") },
            { g in ("levels_\(n(1...9, &g))", "    when: levels.filter(k, levels[k].completed).size() >= \(n(1...3, &g))\n") },
            { g in ("counter_\(n(1...9, &g))", "    when: has(counters.x) && counters.x >= \(n(1...5, &g))\n") },
            { g in ("meta_\(n(1...9, &g))", "    when: achievements.filter(k, achievements[k].unlocked).size() >= \(n(1...4, &g))\n") },
            { g in ("module_n\(n(1...9, &g))", "    complete_module: { catalog: puzzle, module: nianhua }\n") },
            { g in ("module_l\(n(1...9, &g))", "    complete_module: { catalog: puzzle, module: lianpu, difficulty: hard }\n") },
            { g in ("latecount_\(n(1...9, &g))", "    when: metrics.late_events >= \(n(1...3, &g))\n") },
            { g in ("week_\(n(1...9, &g))", "    when: days.filter(d, d.week == today.week && d.planned > 0).size() >= \(n(1...3, &g))\n") },
            { g in ("weeks_\(n(1...9, &g))", "    when: events.exists(e, e.week != today.week) && events.exists(e, e.weekday == \(n(1...7, &g)))\n") },
            { g in ("firstweek_\(n(1...9, &g))", "    when: today.week != events[0].week\n") },
            { g in ("tier_\(n(1...9, &g))", "    when: user.tier == \"gold\" || size(events) > \(n(20...40, &g))\n") },
            { g in ("todaytasks_\(n(1...9, &g))", "    when: today.count[\"task_completed\"] >= \(n(1...2, &g))\n") },
            { g in ("longest_\(n(1...9, &g))", "    when: events.filter(e, e.type == \"focus_session\" && has(e.minutes)).map(e, e.minutes).max() >= \(n(20...60, &g))\n") },
            { g in ("minutesprog_\(n(1...9, &g))", "    when: metrics.focus_minutes >= 1000\n    progress: { current: metrics.focus_minutes, target: 1000 }\n") },
            { g in ("expiredweek_\(n(1...9, &g))", "    when: days.exists(d, d.status == \"expired\" && d.week == today.week && d.expired_count >= \(n(1...3, &g)))\n") },
            { g in ("bestday_\(n(1...9, &g))", "    when: metrics.best_day >= \(n(1...3, &g)) && metrics.least_late < 2\n") },
            { g in ("dayshapes_\(n(1...9, &g))", "    when: metrics.busy_day || metrics.all_planned || metrics.one_expired || metrics.half_planned > \(n(1...4, &g)).5\n") },
            { g in ("focusdays_\(n(1...9, &g))", "    when: metrics.focus_days >= \(n(1...3, &g))\n") },
        ]
    }

    /// Achievement templates over days and streaks, and thresholds judged again only on change.
    private static func dayAndStreakTemplates() -> [(inout SeededGenerator) -> (String, String)] {
        let n = { (range: ClosedRange<Int>, g: inout SeededGenerator) in Int.random(in: range, using: &g) }
        return [
            // Day folds whose bodies fail on a focus session without `minutes`: the fold carries the error.
            { g in ("bestfocus_\(n(1...9, &g))", "    when: metrics.best_focus >= \(n(20...90, &g)) || metrics.tasks >= \(n(2...5, &g))\n") },
            { g in ("longday_\(n(1...9, &g))", "    when: metrics.long_day || metrics.checkins >= \(n(2...5, &g))\n") },
            // Daily folds (a best day kept per event): exact, below 0 on some days (replayed with
            // `days` as written), failing on events without `minutes`, and a count of each day.
            { g in ("bestminutes_\(n(1...9, &g))", "    when: metrics.best_minutes >= \(n(20...90, &g))\n    progress: { current: metrics.best_minutes, target: 90 }\n") },
            { g in ("netday_\(n(1...9, &g))", "    when: metrics.net_day >= \(n(-10...20, &g))\n") },
            { g in ("badday_\(n(1...9, &g))", "    when: metrics.bad_day >= \(n(1...30, &g)) || metrics.checkins >= \(n(2...5, &g))\n") },
            { g in ("busiest_\(n(1...9, &g))", "    when: days.map(d, d.events.size()).max() >= \(n(2...5, &g))\n") },
            { g in ("failday_\(n(1...9, &g))", "    when: days.filter(d, d.events.all(e, e.minutes > 5)).size() >= \(n(1...4, &g))\n") },
            // Streaks and days read by conditions, judged again only when what they read changed.
            // Streak thresholds, judged like milestones (`StreakThreshold`).
            { g in ("longrun_\(n(1...9, &g))", "    when: streaks.daily.longest > \(n(1...4, &g))\n") },
            { g in ("totaldays_\(n(1...9, &g))", "    when: streaks.daily.total_days >= \(n(2...6, &g))\n") },
            { g in ("freezesleft_\(n(1...9, &g))", "    when: streaks.daily.freezes_available >= 1 && size(events) >= \(n(2...6, &g))\n") },
            { g in ("perfectrun_\(n(1...9, &g))", "    when: streaks.perfect.current >= \(n(1...3, &g))\n") },
            { g in ("dailyrun_\(n(1...9, &g))", "    when: streaks.daily.current >= \(n(2...5, &g)) && streaks.daily.status != \"frozen\"\n") },
            { g in ("anyrun_\(n(1...9, &g))", "    when: streaks.filter(k, streaks[k].current >= \(n(2...4, &g))).size() >= 1\n") },
            { g in ("runs_\(n(1...9, &g))", "    when: metrics.runs >= \(n(2...6, &g))\n") },
            { g in ("expiredday_\(n(1...9, &g))", "    when: days.exists(d, d.status == \"expired\" && d.planned >= \(n(1...3, &g)))\n") },
            // A count threshold before conjuncts that read no fold: judged again only where the
            // threshold changes or what the others read does (`FoldThreshold.leadingConjunct`).
            { g in ("gated_\(n(1...9, &g))", "    when: size(events) >= \(n(2...12, &g)) && achievements.filter(k, achievements[k].unlocked).size() >= \(n(1...3, &g))\n") },
            { g in ("gatedrun_\(n(1...9, &g))", "    when: metrics.tasks >= \(n(1...4, &g)) && streaks.daily.current >= \(n(1...3, &g))\n") },
            // Thresholds on a sum that falls (negative values) and on a best day.
            { g in ("netsum_\(n(1...9, &g))", "    when: events.filter(e, e.type == \"focus_session\" && has(e.minutes)).map(e, int(e.minutes) - 30).sum() >= \(n(-20...20, &g))\n") },
            { g in ("bestdaygate_\(n(1...9, &g))", "    when: metrics.best_minutes > \(n(10...60, &g))\n") },
            // Thresholds on a sum of counts, of metrics or of folds, halved like a count's.
            { g in ("busysum_\(n(1...9, &g))", "    when: metrics.busy >= \(n(1...8, &g))\n") },
            { g in ("sizesum_\(n(1...9, &g))", "    when: size(events.filter(e, e.type == \"check_in\")) + events.filter(e, e.type == \"task_completed\").size() > \(n(0...6, &g))\n") },
        ]
    }

    /// Ranks, most of the time.
    private static func ranksText(_ g: inout SeededGenerator) -> String {
        var ranks = ""
        if g.chance(0.7) {
            ranks = """
                ranks:
                  - { id: novice, title: Novice, min_points: 0 }
                  - { id: adept, title: Adept, min_points: \(g.pick([30, 60])) }
                  - { id: master, title: Master, min_points: 200 }

                """
        }
        return ranks
    }

    /// The catalog file, at a drawn version.
    private static func catalogText(_ g: inout SeededGenerator) -> String {
        let version = g.pick([1, 2, 3])
        let catalog = """
            schema: 1
            catalog:
              id: puzzle
              version: \(version)
              modules:
                - { id: nianhua, title: Nianhua }
                - { id: lianpu, title: Lianpu }
              levels:
                - { id: n1, module: nianhua, title: N1 }
                - { id: n2, module: nianhua, title: N2, release: 2 }
                - { id: n3, module: nianhua, title: N3, release: 3 }
                - { id: n4, module: nianhua, title: N4, counts: false }
                - { id: l1, module: lianpu, title: L1, difficulties: [easy, hard] }
                - { id: l2, module: lianpu, title: L2, difficulties: [easy, hard], release: 2 }

            """
        return catalog
    }

    // MARK: states

    /// A state file as JSON text, for a rule set whose award ids are `awardIDs`.
    static func state(_ g: inout SeededGenerator, awardIDs: [String]) -> String {
        let base = Moment.parse(g.pick(baseDates)).map(\.instant.seconds)
        let start = (try? base.get()) ?? 0
        var offset = g.pick(offsets)
        var events: [JSONValue] = []
        var latest = start
        for _ in 0..<Int.random(in: 0...36, using: &g) {
            if g.chance(0.15) { offset = g.pick(offsets) }
            var at = start + Int64.random(in: 0...(14 * 86_400), using: &g)
            if g.chance(0.1), let previous = events.last?.objectValue?["at"]?.stringValue,
               case .success(let moment) = Moment.parse(previous) {
                at = moment.instant.seconds  // the same instant as the previous event
            }
            latest = max(latest, at)
            let moment = Moment(instant: CELTimestamp(seconds: at), offsetSeconds: offset)
            let type = g.pick(eventTypes)
            var event = JSONObject([("type", .string(type)), ("at", .string(moment.description))])
            let localDay = String(Moment(instant: CELTimestamp(seconds: at + Int64.random(in: -86_400...86_400, using: &g)),
                                         offsetSeconds: offset).description.prefix(10))
            addFields(of: type, localDay: localDay, to: &event, &g)
            events.append(.object(event))
        }
        var document = JSONObject([("schema", .int(1))])
        var user = JSONObject([("id", .string("u\(Int.random(in: 1...99, using: &g))"))])
        user["timezone"] = .string(g.pick(zones))
        document["user"] = .object(user)
        let nowSeconds = g.chance(0.15) ? start + Int64.random(in: 0...(14 * 86_400), using: &g)
                                        : latest + Int64.random(in: 0...(3 * 86_400), using: &g)
        document["now"] = .string(Moment(instant: CELTimestamp(seconds: nowSeconds), offsetSeconds: g.pick(offsets)).description)
        document["events"] = .array(events)
        if g.chance(0.4) { document["levels"] = .object(levels(&g, start: start)) }
        if g.chance(0.4) { document["counters"] = .object(JSONObject([("x", .int(Int64.random(in: 0...6, using: &g)))])) }
        if g.chance(0.3) {
            // The moment of the state's first evaluation: before, among or after the events.
            let at = start + Int64.random(in: (-2 * 86_400)...(16 * 86_400), using: &g)
            document["backfill"] = .object(JSONObject([("at", .string(Moment(instant: CELTimestamp(seconds: at),
                                                                             offsetSeconds: g.pick(offsets)).description))]))
        }
        if g.chance(0.4) {
            var unlocked: [JSONValue] = []
            for id in (awardIDs + ["retired_badge"]) where g.chance(0.15) {
                var entry = JSONObject([("id", .string(id)),
                                        ("at", .string(Moment(instant: CELTimestamp(seconds: start + Int64.random(in: 0...(12 * 86_400), using: &g)),
                                                              offsetSeconds: g.pick(offsets)).description))])
                if id.hasPrefix("module_"), g.chance(0.7) { entry["catalog_version"] = .int(Int64.random(in: 1...3, using: &g)) }
                unlocked.append(.object(entry))
            }
            document["unlocked"] = .array(unlocked)
        }
        return JSONWriter.write(.object(document), layout: .compact)
    }

    /// The fields an event of `type` carries besides `type` and `at`, some left out or wrong.
    private static func addFields(of type: String, localDay: String, to event: inout JSONObject,
                                  _ g: inout SeededGenerator) {
        switch type {
        case "focus_session":
            if g.chance(0.85) { event["minutes"] = g.chance(0.8) ? .int(Int64.random(in: 5...60, using: &g)) : .double(12.5) }
        case "level_completed":
            event["level"] = .string(g.pick(levelIDs))
            if g.chance(0.7) { event["difficulty"] = .string(g.pick(["easy", "hard"])) }
        case "day_planned":
            if g.chance(0.5) { event["date"] = .string(localDay) }
            event["tasks"] = .int(Int64.random(in: 0...3, using: &g))
        case "kill_time_changed":
            if g.chance(0.5) { event["date"] = .string(localDay) }
            event["to"] = .string(g.pick(["21:00", "18:30", "23:00", "25:00", "00:00", "04:00", "9pm"]))
        case "freeze_used":
            if g.chance(0.4) { event["date"] = .string(localDay) }
            if g.chance(0.3) { event["streak"] = .string(g.pick(["daily", "perfect", "nope"])) }
        default:
            break
        }
    }

    /// Completed levels, some with the moment they were completed.
    private static func levels(_ g: inout SeededGenerator, start: Int64) -> JSONObject {
        var levels = JSONObject()
        for level in ["n1", "l1", "zz"] where g.chance(0.5) {
            var entry = JSONObject([("completed", .bool(true))])
            if g.chance(0.6) {
                entry["completed_at"] = .string(Moment(instant: CELTimestamp(seconds: start + Int64.random(in: -86_400...(10 * 86_400), using: &g)),
                                                       offsetSeconds: 0).description)
            }
            levels[level] = .object(entry)
        }
        return levels
    }
}
