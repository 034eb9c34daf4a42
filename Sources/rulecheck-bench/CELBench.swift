import CEL
import Foundation

/// CEL benchmarks: compile time and nanoseconds per evaluation (median of batches) for the
/// cases E1–E5, plus the check that `int * double` is a checker error.
///
/// Usage: `rulecheck-bench cel [CASE...] [--evaluations N]`. Cases are named E0–E5 and M1 (all
/// when none is named). `--evaluations N` only evaluates each case N times, untimed and without
/// compiling it again: a fixed amount of work for `valgrind --tool=callgrind`, whose instruction
/// count divided by N is the cost of one evaluation.
enum CELBench {
    struct Case {
        let name: String
        let source: String
        let targetNanoseconds: Double
    }

    static let cases: [Case] = [
        Case(name: "E0", source: "true", targetNanoseconds: 100),
        Case(name: "E1", source: "stats.focus_minutes >= 600", targetNanoseconds: 100),
        Case(name: "E2", source: "streak.current >= 7 && streak.status != \"broken\"", targetNanoseconds: 200),
        Case(name: "E3", source: "events.filter(e, e.type == \"task_completed\").size() >= 10", targetNanoseconds: 10_000),
        Case(name: "E4", source: "levels.filter(l, l.category == \"nianhua\" && l.counts).all(l, l.id in completed)",
             targetNanoseconds: 10_000),
        Case(name: "E5", source: "double(stats.focus_minutes) / 600.0", targetNanoseconds: 100),
        // Not an issue target: a typical metric over a long history (10,000 events).
        Case(name: "M1", source: "history.filter(e, e.type == \"focus_session\").map(e, e.minutes).sum() >= 600",
             targetNanoseconds: 1_000_000),
    ]

    static func run(_ arguments: [String]) {
        var arguments = arguments
        if let flag = arguments.firstIndex(of: "--evaluations") {
            let count = arguments.indices.contains(flag + 1) ? Int(arguments[flag + 1]) : nil
            guard let count, count > 0 else {
                print("cel: --evaluations takes a positive number")
                exit(2)
            }
            arguments.removeSubrange(flag..<Swift.min(flag + 2, arguments.count))
            evaluateOnly(arguments, count: count)
            return
        }
        let environment = makeEnvironment()
        let activation = makeActivation()
        print("CEL benchmarks: medians of batches, per evaluation; target in brackets")
        for benchCase in cases where arguments.isEmpty || arguments.contains(benchCase.name) {
            let compileNanoseconds = median(batches: 15, iterations: 50) { _ = environment.compile(benchCase.source) }
            guard case .success(let program) = environment.compile(benchCase.source),
                  case .success(let checked) = environment.parse(benchCase.source).flatMap({ environment.check($0) })
            else {
                print("\(benchCase.name) \(benchCase.source): does not compile")
                continue
            }
            let result = program.evaluate(activation)
            let iterations = max(20, Int(20_000_000 / benchCase.targetNanoseconds))
            var sink = 0
            let (wallNanoseconds, evaluationNanoseconds) = timing(batches: 41, iterations: iterations / 2) {
                if case .bool(true) = program.evaluate(activation) { sink &+= 1 }
            }
            // A program is planned at its first evaluation: a new program's first evaluation,
            // less an evaluation.
            let firstNanoseconds = median(batches: 15, iterations: 50) {
                if case .bool(true) = CELProgram(checked: checked).evaluate(activation) { sink &+= 1 }
            }
            let planNanoseconds = Swift.max(0, firstNanoseconds - evaluationNanoseconds)
            let verdict = evaluationNanoseconds <= benchCase.targetNanoseconds ? "ok" : "SLOW"
            print("\(benchCase.name) \(benchCase.source)")
            print("   = \(result)  compile \(format(compileNanoseconds / 1000)) µs (plan \(format(planNanoseconds / 1000)) µs)  "
                + "eval \(format(evaluationNanoseconds)) ns CPU (wall \(format(wallNanoseconds)) ns) "
                + "[≤ \(Int(benchCase.targetNanoseconds))] \(verdict)"
                + (sink < 0 ? "!" : ""))
        }
        let bindings = makeBindings()
        let bindNanoseconds = median(batches: 21, iterations: 20_000) { _ = CELActivation(bindings) }
        print("binding an activation of \(bindings.count) variables: \(format(bindNanoseconds)) ns")
        switch environment.compile("stats.focus_minutes * 1.0") {
        case .success: print("E6 stats.focus_minutes * 1.0: compiled (expected a checker error)")
        case .failure(let errors):
            print("E6 stats.focus_minutes * 1.0: checker error: \(errors.issues.first?.message ?? "?")")
        }
    }

    /// Evaluates each selected case `count` times, untimed (`--evaluations`).
    static func evaluateOnly(_ names: [String], count: Int) {
        let environment = makeEnvironment()
        let activation = makeActivation()
        for benchCase in cases where names.isEmpty || names.contains(benchCase.name) {
            guard case .success(let program) = environment.compile(benchCase.source) else {
                print("\(benchCase.name) \(benchCase.source): does not compile")
                continue
            }
            var trues = 0
            for _ in 0..<count {
                if case .bool(true) = program.evaluate(activation) { trues += 1 }
            }
            print("\(benchCase.name) \(benchCase.source): \(count) evaluations, \(trues) true")
        }
    }

    static func makeEnvironment() -> CELEnvironment {
        let stats = CELRecordType(name: "stats", fields: [("focus_minutes", .int), ("tasks_done", .int)])
        let streak = CELRecordType(name: "streak", fields: [
            ("current", .int), ("longest", .int), ("total_days", .int), ("status", .string),
            ("freezes_available", .int),
        ])
        let event = CELRecordType(name: "event", fields: [
            ("type", .string), ("at", .timestamp), ("day", .string), ("hour", .int), ("minutes", .int),
        ], isOpen: true)
        let level = CELRecordType(name: "level", fields: [("id", .string), ("category", .string), ("counts", .bool)])
        var environment = CELEnvironment()
        environment.declare(variable: "stats", type: .record(stats))
        environment.declare(variable: "streak", type: .record(streak))
        environment.declare(variable: "events", type: .list(.record(event)))
        environment.declare(variable: "levels", type: .list(.record(level)))
        environment.declare(variable: "completed", type: .list(.string))
        environment.declare(variable: "history", type: .list(.record(event)))
        return environment
    }

    static func makeActivation() -> CELActivation {
        CELActivation(makeBindings())
    }

    static func makeBindings() -> [String: CELValue] {
        let types = ["task_completed", "focus_session", "task_created", "level_completed"]
        let events: [CELValue] = (0..<10_000).map { i in
            .record([
                ("type", .string(types[i % types.count])),
                ("at", .timestamp(CELTimestamp(seconds: 1_767_225_600 + Int64(i) * 3_600))),
                ("day", .string("2026-01-\(10 + i / 24)")),
                ("hour", .int(Int64(i % 24))),
                ("minutes", .int(25)),
            ])
        }
        let levels: [CELValue] = (0..<40).map { i in
            .record([
                ("id", .string("level_\(i)")),
                ("category", .string(i % 2 == 0 ? "nianhua" : "jianzhi")),
                ("counts", .bool(i % 4 != 2)),
            ])
        }
        let completed: [CELValue] = (0..<20).map { .string("level_\($0 * 2)") }
        return [
            "stats": .record([("focus_minutes", .int(750)), ("tasks_done", .int(37))]),
            "streak": .record([
                ("current", .int(9)), ("longest", .int(12)), ("total_days", .int(40)), ("status", .string("at_risk")),
                ("freezes_available", .int(1)),
            ]),
            "events": .list(CELList(prefixOf: events, count: 200)),
            "history": .list(CELList(events)),
            "levels": .list(CELList(levels)),
            "completed": .list(CELList(completed)),
        ]
    }

    /// Median over batches of the time per iteration, in nanoseconds.
    static func median(batches: Int, iterations: Int, _ body: () -> Void) -> Double {
        timing(batches: batches, iterations: iterations, body).median
    }

    /// Medians over batches of the time per iteration, in nanoseconds: wall-clock time, and
    /// the thread's CPU time (which leaves out the time the thread waited for a core; this
    /// machine is shared, so the wall clock also measures the neighbours).
    static func timing(batches: Int, iterations: Int, _ body: () -> Void) -> (median: Double, cpu: Double) {
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<batches {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUNanoseconds()
            for _ in 0..<iterations { body() }
            let cpuEnd = threadCPUNanoseconds()
            let end = DispatchTime.now().uptimeNanoseconds
            wall.append(Double(end - start) / Double(iterations))
            cpu.append(Double(cpuEnd - cpuStart) / Double(iterations))
        }
        wall.sort()
        cpu.sort()
        return (wall[wall.count / 2], cpu[cpu.count / 2])
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
}
