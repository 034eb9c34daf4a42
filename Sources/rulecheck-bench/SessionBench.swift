import Facts
import Foundation
import JSON
import Rules
import RulecheckEngine

/// `rulecheck-bench session`: what the embedded engine costs an app on TaskMate's rules —
/// compiling the rules to a bundle and decoding it (once per launch), and one
/// `EngineSession.record` after a history of 1,000, 10,000 and 100,000 events (CPU time of one
/// thread, median). Run from the repository root.
///
/// Usage: `rulecheck-bench session [RECORDS]`. Its target is in docs/evaluation.md ("Figures").
enum SessionBench {
    static func run(arguments: [String] = []) {
        let records = max(3, arguments.first.flatMap(Int.init) ?? 15)
        guard let yaml = RuleSetLoader.load(paths: ["rules/taskmate"]).ruleSet else {
            print("session: rules/taskmate does not load (run from the repository root)")
            return
        }
        let bundle = median(runs: 15) { _ = RuleBundle.json(of: yaml) }
        let text = Array(RuleBundle.json(of: yaml).utf8)
        let decode = median(runs: 15) { _ = try? EngineRules(bundle: text) }
        print(String(format: "session: taskmate rules: compile to a bundle (%d bytes) %.2f ms, decode %.2f ms CPU", text.count,
                     bundle, decode))
        let rules = EngineRules(yaml)
        for history in [1_000, 10_000, 100_000] {
            guard let micros = recordCost(rules: rules, history: history, records: records) else {
                print("session: the generated history of \(history) events does not evaluate")
                continue
            }
            let target = history == 10_000 ? " (target: 20 µs)" : ""
            print(String(format: "session: taskmate record(event) after %d events: median %.0f µs CPU over %d records%@",
                         history, micros, records, target))
            // What an app that schedules its notifications after each event pays (docs/engine.md, "Sessions").
            if let coming = recordCost(rules: rules, history: history, records: records, asksComing: true) {
                print(String(format: "session: taskmate record(event) then coming (upcoming, reminders) after %d events: median %.0f µs CPU",
                             history, coming))
            }
        }
    }

    /// The median CPU time of one `record` after `history` events, in microseconds; with
    /// `asksComing`, of the record and the session's `coming` after it.
    static func recordCost(rules: EngineRules, history: Int, records: Int, asksComing: Bool = false) -> Double? {
        let start: Int64 = 1_735_689_600  // 2025-01-01T08:00:00+08:00
        let step: Int64 = 365 * 86_400 / Int64(history)
        var events: [JSONValue] = []
        for index in 0..<history {
            events.append(.object(event(index, at: start + Int64(index) * step)))
        }
        let document = JSONObject([("schema", .int(1)), ("user", .object(JSONObject([("id", .string("bench")),
                                                                                   ("timezone", .string("Asia/Shanghai"))]))),
                                   ("events", .array(events))])
        let last = start + Int64(history) * step
        guard let state = try? StateFile.parse(json: JSONWriter.write(.object(document), layout: .compact)),
              var session = try? EngineSession(rules: rules, state: state, at: Moment(unixSeconds: last, offsetSeconds: 28_800))
        else { return nil }
        var times: [Double] = []
        for index in 0..<records {
            let at = Moment(unixSeconds: last + Int64(index + 1) * 600, offsetSeconds: 28_800)
            let object = event(history + index, at: at.unixSeconds)
            let next = EngineEvent(type: object["type"]?.stringValue ?? "task_completed", at: at,
                                   attributes: JSONObject(object.entries.filter { $0.key != "type" && $0.key != "at" }))
            let started = ReplayBench.threadCPUTime()
            guard (try? session.record(next)) != nil else { return nil }
            if asksComing { _ = session.coming }
            times.append(ReplayBench.threadCPUTime() - started)
        }
        times.sort()
        return times[times.count / 2] * 1_000  // milliseconds to microseconds
    }

    /// TaskMate's kinds of events in turn: focus sessions, tasks created and completed.
    private static func event(_ index: Int, at seconds: Int64) -> JSONObject {
        let at = Moment(unixSeconds: seconds, offsetSeconds: 28_800).description
        switch index % 3 {
        case 0: return JSONObject([("type", .string("focus_session")), ("at", .string(at)), ("minutes", .int(Int64(15 + index % 40)))])
        case 1: return JSONObject([("type", .string("task_created")), ("at", .string(at)), ("category", .string("c\(index % 7)"))])
        default: return JSONObject([("type", .string("task_completed")), ("at", .string(at))])
        }
    }

    /// The median CPU time of `body`, in milliseconds.
    private static func median(runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0...runs {
            let started = ReplayBench.threadCPUTime()
            body()
            times.append(ReplayBench.threadCPUTime() - started)
        }
        times.removeFirst()  // the first run warms caches
        times.sort()
        return times[times.count / 2]
    }
}
