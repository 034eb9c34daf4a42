import Facts
import Foundation

/// Generated TaskMate histories for the product benchmark, deterministic, written as JSON.
enum HistoryText {
    /// 1,000,000 events (focus sessions, tasks created and completed) over three years to
    /// 2026-01-01, about 67 MB.
    static func million() -> [UInt8] {
        let start: Int64 = 1_672_502_400  // 2023-01-01T00:00:00+08:00
        let count = 1_000_000
        let step = Double(3 * 365 * 86_400 - 3_600) / Double(count)
        return document(now: "2026-01-01T00:00:00+08:00", userID: "million", count: count) { index in
            start + Int64(Double(index) * step)
        }
    }

    /// One event a day for `days` days from 1971-01-01 09:00 (+08:00): 20,000 days is 55 years.
    static func daily(days: Int) -> [UInt8] {
        let start: Int64 = 31_536_000 + 3_600  // 1971-01-01T09:00:00+08:00
        let now = timestamp(start + Int64(days) * 86_400)
        return document(now: now, userID: "daily", count: days) { index in start + Int64(index) * 86_400 }
    }

    /// A TaskMate state of 100 events over ten days on one line, for `eval --batch`.
    static func hundredEvents(user: Int) -> String {
        let start: Int64 = 1_767_225_600 + Int64(user % 50) * 86_400  // 2026-01-01T08:00:00+08:00
        let bytes = document(now: timestamp(start + 11 * 86_400), userID: "user\(user)", count: 100) { index in
            start + Int64(index) * 8_640
        }
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
    }

    /// `rulecheck-bench generate million|daily|batch|replay-rules|replay-1k|replay-10k FILE`:
    /// writes one of the generated inputs (1,000,000 events; 20,000 daily events; 2,000 NDJSON
    /// lines of 100-event states; the replay bench's rule set and its 1,000- and 10,000-event
    /// states), to measure or compare by hand (`/usr/bin/time -v rulecheck eval rules/taskmate
    /// --state FILE`).
    static func generate(_ arguments: [String]) {
        guard arguments.count == 2 else {
            print("usage: rulecheck-bench generate million|daily|batch|replay-rules|replay-1k|replay-10k FILE")
            return
        }
        let bytes: [UInt8]
        switch arguments[0] {
        case "million": bytes = million()
        case "daily": bytes = daily(days: 20_000)
        case "batch": bytes = Array(((0..<2_000).map(hundredEvents(user:)).joined(separator: "\n") + "\n").utf8)
        case "replay-rules": bytes = Array(ReplayBench.ruleSetText().utf8)
        case "replay-1k": bytes = Array(ReplayBench.stateText(events: 1_000).utf8)
        case "replay-10k": bytes = Array(ReplayBench.stateText(events: 10_000).utf8)
        default:
            print("generate: unknown input '\(arguments[0])' (million, daily, batch, replay-rules, replay-1k or replay-10k)")
            return
        }
        do {
            try write(bytes, to: arguments[1])
        } catch {
            print("generate: cannot write \(arguments[1]): \(error)")
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private static func document(now: String, userID: String, count: Int, at: (Int) -> Int64) -> [UInt8] {
        let kinds = ["focus_session", "task_completed", "task_created"]
        var text = "{\"schema\": 1, \"user\": {\"id\": \"\(userID)\", \"timezone\": \"Asia/Shanghai\"}, \"now\": \"\(now)\", \"events\": [\n"
        text.reserveCapacity(count * 70)
        for index in 0..<count {
            let kind = kinds[index % kinds.count]
            text += "{\"type\": \"\(kind)\", \"at\": \"\(timestamp(at(index)))\""
            if kind == "focus_session" { text += ", \"minutes\": 25" }
            text += index + 1 < count ? "},\n" : "}\n"
        }
        text += "]}\n"
        return Array(text.utf8)
    }

    /// RFC 3339 in +08:00.
    private static func timestamp(_ seconds: Int64) -> String {
        let local = seconds + 28_800
        let days = Int(local.quotientAndRemainder(dividingBy: 86_400).quotient)
        let rest = Int(local - Int64(days) * 86_400)
        let (year, month, day) = LocalDay(number: days).civil
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d+08:00", year, month, day, rest / 3600, rest % 3600 / 60, rest % 60)
    }
}
