import Testing
@testable import Facts
import RuleModel
import TestSupport

/// The incremental builder must give exactly the facts of a builder that starts from nothing at
/// each checkpoint, on random histories: zones, DST dates, kill times, plans, freezes, levels.
struct IncrementalFactsTests {
    static let zones = ["event", "America/New_York", "Europe/Berlin", "Asia/Shanghai", "Australia/Lord_Howe"]
    static let offsets = ["+08:00", "-05:00", "Z", "+05:45", "-03:30", "+14:00", "-11:00"]

    static let catalog = """
        schema: 1
        catalog:
          id: puzzle
          version: 2
          modules: [{ id: m, title: M }]
          levels:
            - { id: l1, module: m, title: L1 }
            - { id: l2, module: m, title: L2, release: 2 }
            - { id: l3, module: m, title: L3, release: 3 }
        """

    static func rules(_ random: inout SeededGenerator) -> String {
        let zone = zones.randomElement(using: &random) ?? "event"
        let dayStarts = ["00:00", "04:00", "02:30"].randomElement(using: &random) ?? "00:00"
        let kill = ["", "  kill_time: \"20:00\"\n", "  kill_time: \"02:00\"\n", "  kill_time: \"23:30\"\n"]
            .randomElement(using: &random) ?? ""
        let late = Bool.random(using: &random) ? "next_day" : "exclude"
        let history = Bool.random(using: &random) ? "    backfill_days: 5\n" : ""
        return """
        schema: 1
        calendar:
          timezone: \(zone)
          day_starts: "\(dayStarts)"
        \(kill)  late: \(late)
        streaks:
          - id: checkin
            title: C
            counts: event.type == "check_in"
            freezes: { max: 1, refill_days: 4, mode: manual }
        \(history)  - id: planner
            title: P
            day: day.status == "completed" || day.count.size() > 1
            freezes: { max: 1, refill_days: 3, mode: \(Bool.random(using: &random) ? "auto" : "manual") }
          - id: expiring
            title: E
            day: day.status == "expired" && day.planned >= 2
        """
    }

    /// Rules whose streaks all count events: nothing reads the day records until asked, so the
    /// builder does not count events into days until then (and starts over when it must).
    static func countingRules(_ random: inout SeededGenerator) -> String {
        let zone = zones.randomElement(using: &random) ?? "event"
        let kill = ["", "  kill_time: \"20:00\"\n", "  kill_time: \"02:00\"\n"].randomElement(using: &random) ?? ""
        let late = Bool.random(using: &random) ? "next_day" : "exclude"
        return """
        schema: 1
        calendar:
          timezone: \(zone)
        \(kill)  late: \(late)
        streaks:
          - id: checkin
            title: C
            counts: event.type == "check_in"
            freezes: { max: 1, refill_days: 4, mode: manual }
          - id: tasks
            title: T
            counts: event.type == "task_completed"
        """
    }

    static func state(_ random: inout SeededGenerator) -> (json: String, now: String) {
        var events: [String] = []
        let count = Int.random(in: 0...40, using: &random)
        // Around the 2026 spring and autumn clock changes.
        let base = Bool.random(using: &random) ? 1_772_668_800 : 1_792_800_000
        let types = ["check_in", "check_in", "task_completed", "task_completed", "day_planned", "kill_time_changed",
                     "freeze_used", "level_completed", "note"]
        for _ in 0..<count {
            let seconds = base + Int.random(in: 0...(14 * 86_400), using: &random)
            let at = Moment(instant: .init(seconds: Int64(seconds)), offsetSeconds: offset(&random)).description
            let type = types.randomElement(using: &random) ?? "note"
            var extra = ""
            let date = LocalDay(number: seconds / 86_400 + Int.random(in: -1...1, using: &random)).description
            switch type {
            case "day_planned": extra = #", "tasks": \#(Int.random(in: 0...3, using: &random))"# + (Bool.random(using: &random) ? #", "date": "\#(date)""# : "")
            case "kill_time_changed": extra = #", "to": "\#(["21:00", "19:30", "04:00", "xx", "01:00"].randomElement(using: &random) ?? "21:00")""#
            case "freeze_used": extra = Bool.random(using: &random) ? #", "date": "\#(date)""# : (Bool.random(using: &random) ? #", "streak": "planner""# : "")
            case "level_completed": extra = #", "level": "\#(["l1", "l2", "l3", "zz"].randomElement(using: &random) ?? "l1")", "time": \#(Int.random(in: 10...99, using: &random)).5"#
            default: break
            }
            events.append(#"{"type": "\#(type)", "at": "\#(at)"\#(extra)}"#)
        }
        let now = Moment(instant: .init(seconds: Int64(base + 15 * 86_400)), offsetSeconds: offset(&random)).description
        let levels = Bool.random(using: &random) ? #", "levels": {"l2": {"completed_at": "\#(Moment(instant: .init(seconds: Int64(base + 86_400)), offsetSeconds: 0))", "best_time": 50}}"# : ""
        return (#"{"schema": 1, "user": {"id": "u"}, "now": "\#(now)", "events": [\#(events.joined(separator: ","))]\#(levels)}"#, now)
    }

    static func offset(_ random: inout SeededGenerator) -> Int {
        guard let text = offsets.randomElement(using: &random), text != "Z" else { return 0 }
        let sign = text.hasPrefix("-") ? -1 : 1
        let hours = Int(text.dropFirst().prefix(2)) ?? 0, minutes = Int(text.suffix(2)) ?? 0
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Everything a snapshot shows, as text.
    static func fingerprint(_ snapshot: FactSnapshot) -> String {
        let variables = snapshot.variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(render($0.value))" }
        return variables.joined(separator: "\n") + "\n" + "\(snapshot.streakStates.map(\.state))" + "\n"
            + "\(snapshot.warnings)" + "\n" + "\(snapshot.moduleProgress(ModuleCriterion(catalog: "puzzle", module: "m", difficulty: nil)))"
    }

    /// Four random histories under `rules`: `body` gets each one's timeline, its state's text
    /// (for failure messages) and the generator.
    static func histories(_ random: inout SeededGenerator, rules: RuleSet,
                          _ body: (FactTimeline, String, inout SeededGenerator) throws -> Void) throws {
        for _ in 0..<4 {
            let (json, now) = state(&random)
            let timeline = try FactTimeline(state: try StateFile.parse(json: json), rules: rules, now: moment(now))
            try body(timeline, json, &random)
        }
    }

    @Test("incremental facts equal facts rebuilt from nothing", arguments: 0..<40)
    func incrementalEqualsRebuilt(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919)
        let rules = try ruleSet(Self.rules(&random), Self.catalog)
        try Self.histories(&random, rules: rules) { timeline, json, _ in
            var builder = FactBuilder(timeline: timeline)
            for checkpoint in checkpoints(timeline) {
                let incremental = Self.fingerprint(builder.facts(at: checkpoint))
                let rebuilt = Self.fingerprint(timeline.facts(at: checkpoint))
                #expect(incremental == rebuilt, "seed \(seed) at \(checkpoint)\n\(json)")
                if incremental != rebuilt { return }
            }
        }
    }

    /// A builder asked only for streaks leaves the day entries uncounted; the first question
    /// about days (records, their version, a whole snapshot), at any checkpoint, must still get
    /// the facts rebuilt from nothing, and the streak versions must not move for it.
    @Test("days asked for late are the days rebuilt from nothing", arguments: 0..<40)
    func daysAskedLate(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 15_485_863)
        let rules = try ruleSet(Self.countingRules(&random), Self.catalog)
        try Self.histories(&random, rules: rules) { timeline, json, random in
            var builder = FactBuilder(timeline: timeline)
            let points = checkpoints(timeline)
            let firstDays = Int.random(in: 0...points.count, using: &random)
            for (position, checkpoint) in points.enumerated() {
                let rebuilt = timeline.facts(at: checkpoint)
                let states = rebuilt.streakStates.map(\.state)
                let before = states.indices.map { builder.streakVersion($0, at: checkpoint) }
                for index in states.indices {
                    #expect(builder.streakState(index, at: checkpoint) == states[index], "seed \(seed) at \(checkpoint)\n\(json)")
                }
                guard position >= firstDays else { continue }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: #expect(render(builder.days(at: checkpoint)) == render(rebuilt.variables["days"] ?? .null), "seed \(seed) at \(checkpoint)\n\(json)")
                case 1: _ = builder.daysVersion(at: checkpoint)
                default: #expect(Self.fingerprint(builder.facts(at: checkpoint)) == Self.fingerprint(rebuilt), "seed \(seed) at \(checkpoint)\n\(json)")
                }
                // Starting over to count days does not change any streak's version.
                #expect(states.indices.map { builder.streakVersion($0, at: checkpoint) } == before, "seed \(seed) at \(checkpoint)")
            }
        }
    }

    /// What the replay asks for alone (one streak's state, a streak's version, the days'
    /// version), at some checkpoints and not others, must follow the facts rebuilt from nothing:
    /// a version changes when the state did, and an unchanged days' version means unchanged days.
    @Test("streak states, streak versions and the days' version follow the facts", arguments: 0..<40)
    func versionsFollowTheFacts(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 104_729)
        let rules = try ruleSet(Self.rules(&random), Self.catalog)
        try Self.histories(&random, rules: rules) { timeline, json, random in
            var builder = FactBuilder(timeline: timeline)
            let count = timeline.streakRules.count
            var seen = [(state: StreakState, version: Int)?](repeating: nil, count: count)
            var seenDays: (version: Int, text: String)?
            for checkpoint in checkpoints(timeline) {
                let rebuilt = timeline.facts(at: checkpoint)
                let states = rebuilt.streakStates.map(\.state)
                // Day streak first or last, and some checkpoints skipped, as conditions ask.
                let order = Bool.random(using: &random) ? Array(0..<count) : Array((0..<count).reversed())
                for index in order where Int.random(in: 0..<3, using: &random) > 0 {
                    #expect(builder.streakState(index, at: checkpoint) == states[index], "seed \(seed) at \(checkpoint)\n\(json)")
                    let version = builder.streakVersion(index, at: checkpoint)
                    if let last = seen[index] {
                        #expect((version != last.version) == (states[index] != last.state), "seed \(seed) at \(checkpoint)\n\(json)")
                    }
                    seen[index] = (states[index], version)
                }
                guard Bool.random(using: &random) else { continue }
                let version = builder.daysVersion(at: checkpoint)
                let text = render(rebuilt.variables["days"] ?? .null)
                if let seenDays, seenDays.version == version {
                    #expect(text == seenDays.text, "seed \(seed) at \(checkpoint): days changed, version did not\n\(json)")
                }
                #expect(render(builder.days(at: checkpoint)) == text, "seed \(seed) at \(checkpoint)\n\(json)")
                seenDays = (version, text)
            }
        }
    }
}
