import CEL
import Evaluation
import Facts
import JSON
import RuleModel
import Rules

/// Compares what a rule test expects with the decision an evaluation made (docs/guide.md, "4. Rule tests"). Only what
/// the test lists is checked.
package enum RuleTestComparison {
    /// A mismatch's subject is the expectation's key path as the tests file writes it (`progress.ID.current`),
    /// the path the decoder records each expectation's place under.
    private typealias Key = RuleTestExpectKey
    private typealias Field = RuleTestExpectFields
    /// Warning codes that mean the rules themselves went wrong: a test that does not list them in
    /// `warnings` fails when the evaluation gives one (docs/guide.md, "Rule tests").
    package static let failingWarningCodes: Set<String> = ["rule_error", "cost_limit"]

    /// Every expectation of `expect` that `decision` does not meet, each with the place of the
    /// expectation in the tests file when known.
    package static func mismatches(_ expect: RuleTestCase.Expectation, _ decision: Decision) -> [RuleTestMismatch] {
        var found = awardMismatches(expect, decision)
        found += unlockTimeMismatches(expect, decision)
        found += otherMismatches(expect, decision)
        found += shownMismatches(expect, decision)
        found += comingMismatches(expect, decision)
        return found.map { mismatch in
            var placed = mismatch
            if placed.span == nil { placed.span = expect.span(of: mismatch.subject) }
            return placed
        }
    }

    static func awardMismatches(_ expect: RuleTestCase.Expectation, _ decision: Decision) -> [RuleTestMismatch] {
        var found: [RuleTestMismatch] = []
        if let unlocks = expect.unlocks {
            // As a multiset: a repeatable award that unlocked twice is listed twice.
            if unlocks.sorted() != decision.unlocks.map(\.id).sorted() {
                found.append(RuleTestMismatch(subject: Key.unlocks.rawValue, expected: listText(unlocks),
                                              actual: listText(inWrittenOrder(decision.unlocks.map(\.id), as: unlocks))
                                                  + difference(unlocks, decision.unlocks.map(\.id))))
            }
        }
        for id in expect.unlocked ?? [] {
            if let mismatch = state(of: id, in: decision, expected: .unlocked, subject: Key.unlocked.rawValue) { found.append(mismatch) }
        }
        for id in expect.locked ?? [] {
            if let mismatch = state(of: id, in: decision, expected: .locked, subject: Key.locked.rawValue) { found.append(mismatch) }
        }
        for id in expect.written(expect.progress.keys, under: Key.progress.rawValue) {
            guard let progress = expect.progress[id] else { continue }
            let subject = "\(Key.progress.rawValue).\(id)"
            guard let standing = decision.achievement(id) else {
                found.append(RuleTestMismatch(subject: subject, expected: "an achievement or milestone",
                                              actual: "no '\(id)' in the rules"))
                continue
            }
            if let current = progress.current, !same(current, standing.progress.current) {
                found.append(RuleTestMismatch(subject: "\(subject).\(Field.Progress.current.rawValue)", expected: numberText(current),
                                              actual: numberText(standing.progress.current)))
            }
            if let target = progress.target, !same(target, standing.progress.target) {
                found.append(RuleTestMismatch(subject: "\(subject).\(Field.Progress.target.rawValue)", expected: numberText(target),
                                              actual: numberText(standing.progress.target)))
            }
        }
        return found
    }

    static func otherMismatches(_ expect: RuleTestCase.Expectation, _ decision: Decision) -> [RuleTestMismatch] {
        var found: [RuleTestMismatch] = []
        for id in expect.written(expect.streaks.keys, under: Key.streaks.rawValue) {
            guard let streak = expect.streaks[id] else { continue }
            guard let standing = decision.streaks.first(where: { $0.id == id }) else {
                found.append(RuleTestMismatch(subject: "\(Key.streaks.rawValue).\(id)", expected: "a streak", actual: "no streak '\(id)' in the rules"))
                continue
            }
            found += mismatches(streak, standing)
        }
        if let points = expect.points, points != decision.points {
            found.append(RuleTestMismatch(subject: Key.points.rawValue, expected: "\(points)", actual: "\(decision.points)"))
        }
        if let rank = expect.rank, rank != decision.rank?.id {
            found.append(RuleTestMismatch(subject: Key.rank.rawValue, expected: rank, actual: decision.rank?.id ?? "no rank"))
        }
        if let warnings = expect.warnings {
            let expected = Set(warnings), actual = Set(decision.warnings.map(\.code))
            if expected != actual {
                let written = warnings.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                found.append(RuleTestMismatch(subject: Key.warnings.rawValue, expected: listText(written),
                                              actual: listText(inWrittenOrder(actual.sorted(), as: written))))
            }
        } else {
            let failing = decision.warnings.filter { failingWarningCodes.contains($0.code) }
            if !failing.isEmpty {
                found.append(RuleTestMismatch(subject: Key.warnings.rawValue, expected: "no rule_error or cost_limit",
                                              actual: failing.map { "\($0.code): \($0.message)" }.joined(separator: "; ")))
            }
        }
        return found
    }

    /// `upcoming` and `reminders`: the same number of entries, each with the fields the test
    /// lists (`at` as an instant).
    static func comingMismatches(_ expect: RuleTestCase.Expectation, _ decision: Decision) -> [RuleTestMismatch] {
        typealias Coming = Field.Coming
        func fields(_ change: UpcomingChange) -> [String: String] {
            var fields = [Coming.at.rawValue: change.at.description, Coming.kind.rawValue: change.kind]
            fields[Coming.streak.rawValue] = change.streak
            fields[Coming.day.rawValue] = change.day
            fields[Coming.achievement.rawValue] = change.achievement
            return fields
        }
        func fields(_ reminder: DueReminder) -> [String: String] {
            var fields = [Coming.id.rawValue: reminder.id, Coming.at.rawValue: reminder.at.description, Coming.kind.rawValue: reminder.kind]
            fields[Coming.streak.rawValue] = reminder.streak
            fields[Coming.day.rawValue] = reminder.day
            fields[Coming.achievement.rawValue] = reminder.achievement
            return fields
        }
        var found: [RuleTestMismatch] = []
        for (key, expected, actual) in [(Key.upcoming.rawValue, expect.upcoming, decision.upcoming.map(fields)),
                                        (Key.reminders.rawValue, expect.reminders, decision.reminders.map(fields))] {
            guard let expected else { continue }
            let matches = expected.count == actual.count && zip(expected, actual).allSatisfy { want, got in
                want.allSatisfy { field, value in
                    guard field == Coming.at.rawValue else { return got[field] == value }
                    return got[field].flatMap { CELTimestamp.parseRFC3339($0)?.timestamp } == CELTimestamp.parseRFC3339(value)?.timestamp
                }
            }
            if !matches {
                found.append(RuleTestMismatch(subject: key, expected: entriesText(expected), actual: entriesText(actual)))
            }
        }
        return found
    }

    /// `[{at: …, kind: …}, …]`, fields in a fixed order.
    static func entriesText(_ entries: [[String: String]]) -> String {
        "[" + entries.map { entry in
            "{" + Field.Coming.names.compactMap { key in entry[key].map { "\(key): \($0)" } }.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]"
    }

    /// `unlocked_at` (instants, any offset) and `modules` (catalog version, new levels).
    static func unlockTimeMismatches(_ expect: RuleTestCase.Expectation, _ decision: Decision) -> [RuleTestMismatch] {
        var found: [RuleTestMismatch] = []
        for id in expect.written(expect.unlockedAt.keys, under: Key.unlockedAt.rawValue) {
            guard let instant = expect.unlockedAt[id] else { continue }
            guard let standing = decision.achievement(id) else {
                found.append(RuleTestMismatch(subject: "\(Key.unlockedAt.rawValue).\(id)", expected: "an achievement or milestone",
                                              actual: "no '\(id)' in the rules"))
                continue
            }
            // A repeatable award matches its first unlock or any new one.
            if decision.unlocks.contains(where: { $0.id == id && $0.at.instant == instant }) { continue }
            guard let at = standing.unlockedAt else {
                found.append(RuleTestMismatch(subject: "\(Key.unlockedAt.rawValue).\(id)", expected: "unlocked at \(instantText(instant))",
                                              actual: "locked"))
                continue
            }
            if at.instant != instant {
                found.append(RuleTestMismatch(subject: "\(Key.unlockedAt.rawValue).\(id)", expected: instantText(instant), actual: at.description))
            }
        }
        for id in expect.written(expect.modules.keys, under: Key.modules.rawValue) {
            guard let module = expect.modules[id] else { continue }
            guard let standing = decision.achievement(id) else {
                found.append(RuleTestMismatch(subject: "\(Key.modules.rawValue).\(id)", expected: "a module achievement", actual: "no '\(id)' in the rules"))
                continue
            }
            if let version = module.catalogVersion, version != standing.catalogVersion {
                found.append(RuleTestMismatch(subject: "\(Key.modules.rawValue).\(id).\(Field.Module.catalogVersion.rawValue)", expected: "\(version)",
                                              actual: standing.catalogVersion.map(String.init) ?? "none (\(standing.state.rawValue))"))
            }
            if let newLevels = module.newLevels, newLevels != (standing.newLevels ?? 0) {
                found.append(RuleTestMismatch(subject: "\(Key.modules.rawValue).\(id).\(Field.Module.newLevels.rawValue)", expected: "\(newLevels)",
                                              actual: "\(standing.newLevels ?? 0)"))
            }
        }
        return found
    }

    /// `metrics` (each shown metric's value at `now`, numbers compared by value) and `categories`
    /// (each category's exact awards).
    static func shownMismatches(_ expect: RuleTestCase.Expectation, _ decision: Decision) -> [RuleTestMismatch] {
        var found: [RuleTestMismatch] = []
        let offset = decision.now.offsetSeconds
        for name in expect.written(expect.metrics.keys, under: Key.metrics.rawValue) {
            guard let written = expect.metrics[name] else { continue }
            let expected = ShownMetric.json(written, offsetSeconds: offset)
            guard let actual = decision.metrics.first(where: { $0.id == name })?.value else {
                found.append(RuleTestMismatch(subject: "\(Key.metrics.rawValue).\(name)", expected: JSONWriter.write(expected, layout: .compact),
                                              actual: "no metric '\(name)' with 'show: true'"))
                continue
            }
            if let difference = firstDifference(expected, actual, at: "\(Key.metrics.rawValue).\(name)") {
                found.append(RuleTestMismatch(subject: difference.path, expected: JSONWriter.write(difference.expected, layout: .compact),
                                              actual: JSONWriter.write(difference.actual, layout: .compact)))
            }
        }
        for id in expect.written(expect.categories.keys, under: Key.categories.rawValue) {
            let expected = expect.categories[id] ?? []
            let actual = decision.achievements.filter { $0.category == id }.map(\.id)
            if expected.sorted() != actual.sorted() {
                found.append(RuleTestMismatch(subject: "\(Key.categories.rawValue).\(id)", expected: listText(expected),
                                              actual: listText(inWrittenOrder(actual, as: expected)) + difference(expected, actual)))
            }
        }
        return found
    }

    /// Where two JSON values first differ (numbers by value: `3` and `3.0` are the same), as the
    /// path (`metrics.past_weeks[2].completed_tasks`) and the two values there; `nil` when equal.
    /// Lists of different lengths and objects with other keys differ as a whole.
    static func firstDifference(_ a: JSONValue, _ b: JSONValue, at path: String)
        -> (path: String, expected: JSONValue, actual: JSONValue)? {
        switch (a, b) {
        case (.array(let x), .array(let y)) where x.count == y.count:
            for (index, pair) in zip(x, y).enumerated() {
                if let found = firstDifference(pair.0, pair.1, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.object(let x), .object(let y)) where x.keys == y.keys:
            for (key, pair) in zip(x.keys, zip(x.values, y.values)) {
                if let found = firstDifference(pair.0, pair.1, at: "\(path).\(key)") { return found }
            }
            return nil
        default:
            if let x = a.numberValue, let y = b.numberValue { return x == y ? nil : (path, a, b) }
            return a == b ? nil : (path, a, b)
        }
    }

    /// An instant in UTC, for messages.
    static func instantText(_ instant: CELTimestamp) -> String {
        Moment(instant: instant, offsetSeconds: 0).description
    }

    /// The streak fields a test lists, in a fixed order.
    static func mismatches(_ expected: RuleTestCase.ExpectedStreak, _ standing: StreakStanding) -> [RuleTestMismatch] {
        typealias Streak = Field.Streak
        let ints: [(String, Int)] = [(Streak.current.rawValue, standing.current), (Streak.longest.rawValue, standing.longest),
                                     (Streak.totalDays.rawValue, standing.totalDays),
                                     (Streak.freezesAvailable.rawValue, standing.freezesAvailable)]
        let strings: [(String, String?)] = [(Streak.status.rawValue, standing.status), (Streak.lastDay.rawValue, standing.lastDay)]
        var found: [RuleTestMismatch] = []
        for (field, actual) in ints {
            if let value = expected.ints[field], value != actual {
                found.append(RuleTestMismatch(subject: "\(Key.streaks.rawValue).\(standing.id).\(field)", expected: "\(value)", actual: "\(actual)"))
            }
        }
        for (field, actual) in strings {
            if let value = expected.strings[field], value != actual {
                found.append(RuleTestMismatch(subject: "\(Key.streaks.rawValue).\(standing.id).\(field)", expected: value ?? "null",
                                              actual: actual ?? "null"))
            }
        }
        // A field the model does not know is reported rather than silently passing.
        for field in expected.ints.keys.sorted() where !ints.contains(where: { $0.0 == field }) {
            found.append(RuleTestMismatch(subject: "\(Key.streaks.rawValue).\(standing.id).\(field)", expected: "a streak field", actual: "no such field"))
        }
        for field in expected.strings.keys.sorted() where !strings.contains(where: { $0.0 == field }) {
            found.append(RuleTestMismatch(subject: "\(Key.streaks.rawValue).\(standing.id).\(field)", expected: "a streak field", actual: "no such field"))
        }
        return found
    }

    static func state(of id: String, in decision: Decision, expected: AwardStanding.State, subject: String) -> RuleTestMismatch? {
        guard let standing = decision.achievement(id) else {
            return RuleTestMismatch(subject: "\(subject).\(id)", expected: expected.rawValue, actual: "no '\(id)' in the rules")
        }
        guard standing.state != expected else { return nil }
        return RuleTestMismatch(subject: "\(subject).\(id)", expected: expected.rawValue, actual: standing.state.rawValue)
    }

    /// Progress figures compare as numbers: `25` matches an int 25 and a double 25.0.
    static func same(_ expected: Double, _ actual: ProgressNumber) -> Bool {
        let value = actual.doubleValue
        if expected == value { return true }
        return abs(expected - value) <= 1e-9 * Swift.max(1, abs(expected))
    }

    static func numberText(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func numberText(_ value: ProgressNumber) -> String {
        switch value {
        case .int(let v): String(v)
        case .double(let v): numberText(v)
        }
    }

    static func listText(_ ids: [String]) -> String { "[" + ids.joined(separator: ", ") + "]" }

    /// `actual` with the ids `written` names first, in the order written (each as often as
    /// `actual` holds it), then the others in their own order: a failure reads like the test.
    package static func inWrittenOrder(_ actual: [String], as written: [String]) -> [String] {
        var left = actual
        var ordered: [String] = []
        for id in written {
            while let index = left.firstIndex(of: id) { ordered.append(left.remove(at: index)) }
        }
        return ordered + left
    }

    /// `(missing: a; unexpected: b)` after an actual list, to spot the difference at once; each
    /// part in the order its list has.
    static func difference(_ expected: [String], _ actual: [String]) -> String {
        var parts: [String] = []
        let expectedSet = Set(expected), actualSet = Set(actual)
        let missing = unique(expected.filter { !actualSet.contains($0) })
        let extra = unique(actual.filter { !expectedSet.contains($0) })
        if !missing.isEmpty { parts.append("missing: " + missing.joined(separator: ", ")) }
        if !extra.isEmpty { parts.append("unexpected: " + extra.joined(separator: ", ")) }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
