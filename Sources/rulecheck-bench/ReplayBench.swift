import CEL
import Evaluation
import Facts
import Foundation
import RuleModel
import Rules

/// `rulecheck-bench replay`: times the event-time replay of one user (facts timeline, replay and
/// decision at `now`, in process; the rule set loaded and planned once; no bindings kept at `now`,
/// as `eval --batch` and the engine run it) of a rule set of 100 achievements and 3 streaks against a year of history,
/// with 1,000 and with 10,000 events. Targets: ≤ 3 ms at 1,000 events and ≤ 30 ms at
/// 10,000 on one core. Reports the median of several runs; exits 1 when a target is missed.
///
/// Usage: `rulecheck-bench replay [RUNS [EVENTS...]]`.
enum ReplayBench {
    static let achievementCount = 100
    static let eventCounts = [1_000, 10_000]

    @discardableResult
    static func run(arguments: [String] = []) -> Int32 {
        let runs = max(1, arguments.first.flatMap(Int.init) ?? 9)
        let eventCounts = arguments.count > 1 ? arguments.dropFirst().compactMap(Int.init) : Self.eventCounts
        let loaded = RuleSetLoader.load(texts: [(file: "rules.yaml", text: ruleSetText())])
        guard let rules = loaded.ruleSet else {
            print("replay: the generated rule set does not load: \(loaded.diagnostics.map(\.message).prefix(3))")
            return 2
        }

        // Compiling the replay (planning folds) happens once per rule set, not per user.
        let planningStarted = threadCPUTime()
        let replay = Replay(rules: rules)
        print(String(format: "replay: planning the rule set once: %.2f ms CPU", threadCPUTime() - planningStarted))
        var status: Int32 = 0
        var medians: [Double] = []
        for count in eventCounts {
            guard let median = measure(events: count, runs: runs, rules: rules, replay: replay) else { return 2 }
            medians.append(median)
            if let target = target(events: count), median > target { status = 1 }
        }
        if medians.count == 2, medians[0] > 0 {
            print(String(format: "replay: 10x the events took %.1fx the time (target: about linear)", medians[1] / medians[0]))
        }
        return status
    }

    /// The median CPU time of replaying a generated state of `count` events, printed with its
    /// wall time and what the replay found; `nil` when the state does not parse.
    private static func measure(events count: Int, runs: Int, rules: RuleSet, replay: Replay) -> Double? {
        let state: StateFile
        do {
            state = try StateFile.parse(json: stateText(events: count))
        } catch {
            print("replay: the generated state does not parse: \(error)")
            return nil
        }
        guard let now = state.now else { return nil }
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var unlocks = 0
        var checkpoints = 0
        for index in 0...runs {
            let started = DispatchTime.now().uptimeNanoseconds
            let cpuStarted = threadCPUTime()
            guard let timeline = try? FactTimeline(state: state, rules: rules, now: now) else { return nil }
            let outcome = replay.run(StateFacts(timeline: timeline), keepsBindings: false)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            let cpu = threadCPUTime() - cpuStarted
            unlocks = outcome.decision.unlocks.count
            checkpoints = outcome.checkpoints.count
            if index > 0 {  // the first run warms caches
                times.append(elapsed)
                cpuTimes.append(cpu)
            }
        }
        times.sort()
        cpuTimes.sort()
        // CPU time of this thread: what one core spends, whatever else the machine is doing.
        let median = cpuTimes[cpuTimes.count / 2]
        let goal = target(events: count)
        print(String(format: "replay: %d achievements, 3 streaks, %d events over a year, %d checkpoints, %d unlocks: median CPU %.2f ms (min %.2f), median wall %.2f ms, over %d runs%@",
                     achievementCount, count, checkpoints, unlocks, median, cpuTimes.first ?? 0, times[times.count / 2], times.count,
                     goal.map { String(format: " (target: %.0f ms)", $0) } ?? ""))
        return median
    }

    /// The target of a count of events, in milliseconds of CPU.
    private static func target(events count: Int) -> Double? {
        count == 1_000 ? 3 : count == 10_000 ? 30 : nil
    }

    /// CPU time consumed by the calling thread, in milliseconds.
    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1_000_000
    }

    /// The calendar, metrics and streaks of the generated rule set, up to its `achievements:`.
    private static let ruleSetHeader = """
        schema: 1
        calendar:
          timezone: Asia/Shanghai
          day_starts: "04:00"
          kill_time: "23:00"
        metrics:
          focus_minutes: events.filter(e, e.type == "focus_session").map(e, e.minutes).sum()
          focus_sessions: events.filter(e, e.type == "focus_session").size()
          tasks: events.filter(e, e.type == "task_completed").size()
          checkins: events.filter(e, e.type == "check_in").size()
          workouts: events.filter(e, e.type == "workout").size()
          late_tasks: events.filter(e, e.type == "task_completed" && e.late).size()
          night_sessions: events.filter(e, e.type == "focus_session" && e.hour >= 22).size()
          weekend_events: events.filter(e, e.weekday >= 6).size()
          productive: metrics.tasks + metrics.focus_sessions
        streaks:
          - id: daily_use
            title: Daily use
            counts: event.type in ["focus_session", "task_completed", "check_in"]
            freezes: { max: 1, refill_days: 30, mode: auto }
            milestones:
              - { days: 3, id: use_3, title: Three days, points: 10 }
              - { days: 7, id: use_7, title: A week, points: 30 }
          - id: focus_days
            title: Focus days
            counts: event.type == "focus_session"
            milestones:
              - { days: 5, id: focus_5, title: Five focus days, points: 20 }
          - id: workout_days
            title: Workout days
            counts: event.type == "workout"
            freezes: { max: 2, refill_days: 14, mode: manual }
            milestones:
              - { days: 2, id: workout_2, title: Two workouts, points: 10 }
        achievements:

        """

    /// 100 achievements of the usual kinds (metric thresholds, filters and `exists` over events,
    /// event counts, streak and day conditions, gates on other achievements, a catalog module),
    /// 3 streaks with milestones, ranks.
    static func ruleSetText() -> String {
        let types = ["focus_session", "task_completed", "check_in", "note", "workout"]
        var text = ruleSetHeader
        let metricNames = ["focus_minutes", "focus_sessions", "tasks", "checkins", "workouts", "late_tasks",
                           "night_sessions", "weekend_events", "productive"]
        for index in 0..<achievementCount {
            text += "  - id: a\(index)\n    title: Achievement \(index)\n    points: \(10 * (index % 7 + 1))\n"
            switch index % 10 {
            case 0, 1, 2, 3:
                let metric = metricNames[index % metricNames.count]
                text += "    when: metrics.\(metric) >= \(metric == "focus_minutes" ? 50 * (index + 1) : index + 2)\n"
            case 4:
                text += "    when: events.filter(e, e.type == \"\(types[index % types.count])\" && e.hour >= \(index % 24)).size() >= \(index / 4 + 1)\n"
            case 5:
                text += "    when: events.exists(e, e.type == \"\(types[index % types.count])\" && e.minute == \(index % 60))\n"
            case 6:
                text += "    when: size(events) >= \(index * 9 + 10)\n"
            case 7:
                text += "    when: streaks.daily_use.longest >= \(index / 10 + 2)\n"
            case 8:
                text += "    when: metrics.tasks >= \(index) && achievements.a\(index - 8).unlocked\n"
            default:
                text += "    when: events.filter(e, e.type == \"workout\").map(e, e.minutes).sum() >= \(index * 20)\n"
            }
            if index == 99 { text += "    hidden: true\n" }
        }
        text += """
            ranks:
              - { id: novice, title: Novice, min_points: 0 }
              - { id: adept, title: Adept, min_points: 500 }
              - { id: master, title: Master, min_points: 2000 }

            """
        return text
    }

    /// `count` events spread over 2025, deterministic.
    static func stateText(events count: Int) -> String {
        var generator = BenchGenerator(seed: 42)
        let types = ["focus_session", "task_completed", "check_in", "note", "workout"]
        let start: Int64 = 1_735_660_800  // 2025-01-01T00:00:00+08:00
        var lines: [String] = []
        for index in 0..<count {
            let at = start + Int64(index) * (365 * 86_400 / Int64(count)) + Int64(generator.next() % 3_600)
            let type = types[Int(generator.next() % UInt64(types.count))]
            let moment = Moment(instant: CELTimestamp(seconds: at), offsetSeconds: 28_800)
            var event = "{\"type\": \"\(type)\", \"at\": \"\(moment)\""
            if type == "focus_session" || type == "workout" { event += ", \"minutes\": \(generator.next() % 50 + 10)" }
            lines.append(event + "}")
        }
        let now = Moment(instant: CELTimestamp(seconds: start + 365 * 86_400), offsetSeconds: 28_800)
        return """
            {"schema": 1, "user": {"id": "bench"}, "now": "\(now)", "events": [
            \(lines.joined(separator: ",\n"))
            ]}
            """
    }
}

/// SplitMix64, so the generated history is the same on every run.
struct BenchGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
