import Foundation

/// The `expect.json` of an eval case, with the semantics of the public acceptance runner
/// (`shared/acceptance/run.py`): every expected key must be in the decision (subset match), times
/// under a key `at` / `unlocked_at` compare as instants, `unlocks` compares ids in order,
/// `unlocked_ids`, `warning_codes` and `absent_warning_codes` check states and warning codes.
/// Additions for what a subset cannot say: `absent_keys` (achievement id → keys that must not be in
/// its entry), `warnings` (each expected warning must subset-match one actual warning), and
/// `unlock_at_text` / `now_text` (the exact text, offset included, docs/evaluation.md, "Replay", "The decision" prescribe);
/// `upcoming` and `reminders` (exact lists, entries subset-matched) with `coming_at_text`.
struct DecisionExpectation {
    let expected: JSONTree

    /// Every difference between the expectation and `decision`; empty when it matches.
    func mismatches(in decision: JSONTree) -> [String] {
        var problems: [String] = []
        if let unlocks = expected["unlocks"]?.arrayValue {
            let actual = decision["unlocks"]?.arrayValue
            if actual == nil { problems.append("unlocks: missing or not a list") }
            let wantIDs = unlocks.map { $0["id"]?.stringValue ?? "?" }
            let gotIDs = (actual ?? []).map { $0["id"]?.stringValue ?? "?" }
            if wantIDs != gotIDs {
                problems.append("unlocks: expected ids \(wantIDs), got \(gotIDs)")
            } else {
                for (index, unlock) in unlocks.enumerated() {
                    Self.subset(unlock, actual?[index], path: "unlocks[\(index)]", into: &problems)
                }
            }
        }
        if let ids = expected["unlocked_ids"]?.arrayValue {
            for id in ids.compactMap(\.stringValue) {
                let state = decision["achievements"]?[id]?["state"]
                if state != .string("unlocked") {
                    problems.append("achievements.\(id): expected unlocked, got \(state?.brief ?? "nothing")")
                }
            }
        }
        for key in ["achievements", "streaks", "points", "rank"] {
            if let want = expected[key] { Self.subset(want, decision[key], path: key, into: &problems) }
        }
        let warnings = decision["warnings"]?.arrayValue ?? []
        let codes = Set(warnings.compactMap { $0["code"]?.stringValue })
        for code in expected["absent_warning_codes"]?.arrayValue?.compactMap(\.stringValue) ?? [] where codes.contains(code) {
            problems.append("warnings: code \(code) must not appear")
        }
        for code in expected["warning_codes"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !codes.contains(code) {
            problems.append("warnings: expected code \(code), got \(codes.sorted())")
        }
        for want in expected["warnings"]?.arrayValue ?? [] {
            let matched = warnings.contains { actual in
                var scratch: [String] = []
                Self.subset(want, actual, path: "warning", into: &scratch)
                return scratch.isEmpty
            }
            if !matched { problems.append("warnings: none matches \(want.brief)") }
        }
        for (id, keys) in expected["absent_keys"]?.objectValue ?? [:] {
            for key in keys.arrayValue?.compactMap(\.stringValue) ?? [] where decision["achievements"]?[id]?[key] != nil {
                problems.append("achievements.\(id).\(key): must be absent, got \(decision["achievements"]?[id]?[key]?.brief ?? "")")
            }
        }
        for (id, text) in expected["unlock_at_text"]?.objectValue ?? [:] {
            let unlock = decision["unlocks"]?.arrayValue?.first { $0["id"] == .string(id) }
            if unlock?["at"] != text {
                problems.append("unlocks.\(id).at: expected the text \(text.brief), got \(unlock?["at"]?.brief ?? "nothing")")
            }
        }
        problems += comingMismatches(in: decision)
        if let now = expected["now_text"], decision["now"] != now {
            problems.append("now: expected the text \(now.brief), got \(decision["now"]?.brief ?? "nothing")")
        }
        return problems
    }

    /// `upcoming` and `reminders` as `shared/acceptance-1.2` checks them (the same number of
    /// entries, each a subset match), and `coming_at_text` (each entry's `at`, offset included).
    func comingMismatches(in decision: JSONTree) -> [String] {
        var problems: [String] = []
        for key in ["upcoming", "reminders"] {
            guard let want = expected[key]?.arrayValue else { continue }
            guard let got = decision[key]?.arrayValue, got.count == want.count else {
                problems.append("\(key): expected \(want.count) entries, got \(decision[key]?.brief ?? "nothing")")
                continue
            }
            for (index, entry) in want.enumerated() { Self.subset(entry, got[index], path: "\(key)[\(index)]", into: &problems) }
            if let texts = expected["coming_at_text"]?[key]?.arrayValue, texts != got.map({ $0["at"] ?? .null }) {
                problems.append("\(key): expected the at texts \(texts.map(\.brief)), got \(got.map { $0["at"]?.brief ?? "" })")
            }
        }
        return problems
    }

    /// Subset match of `expected` in `actual` at `path`, appending every difference to `problems`.
    static func subset(_ expected: JSONTree, _ actual: JSONTree?, path: String, into problems: inout [String]) {
        switch expected {
        case .object(let members):
            guard let actualMembers = actual?.objectValue else {
                problems.append("\(path): expected object, got \(actual?.brief ?? "nothing")")
                return
            }
            for key in members.keys.sorted() {
                guard let value = members[key] else { continue }
                guard let actualValue = actualMembers[key] else {
                    problems.append("\(path).\(key): missing")
                    continue
                }
                subset(value, actualValue, path: "\(path).\(key)", into: &problems)
            }
        case .string(let text) where path.hasSuffix(".at") || path.hasSuffix("unlocked_at"):
            guard let want = Instant.parse(text), let actualText = actual?.stringValue, let got = Instant.parse(actualText) else {
                problems.append("\(path): expected time \(text), got \(actual?.brief ?? "nothing")")
                return
            }
            if want != got { problems.append("\(path): expected \(text), got \(actualText)") }
        case .number(let want):
            guard let got = actual?.numberValue, abs(got - want) <= 1e-9 else {
                problems.append("\(path): expected \(expected.brief), got \(actual?.brief ?? "nothing")")
                return
            }
        default:
            if expected != actual { problems.append("\(path): expected \(expected.brief), got \(actual?.brief ?? "nothing")") }
        }
    }
}

/// RFC 3339 timestamps as instants (seconds since 1970), so differently written offsets compare.
enum Instant {
    static func parse(_ text: String) -> Double? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date.timeIntervalSince1970 }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)?.timeIntervalSince1970
    }
}
