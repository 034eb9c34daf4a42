import CEL
import Diagnostics
import Foundation
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let testKeys = RuleTestKey.names
    static let expectKeys = RuleTestExpectKey.names
    /// The fields an expectation names of a decision's parts (its streaks, progress, modules,
    /// `upcoming` and `reminders` entries).
    static let expectedStreakKeys = RuleTestExpectFields.Streak.names
    static let expectedProgressKeys = RuleTestExpectFields.Progress.names
    static let expectedModuleKeys = RuleTestExpectFields.Module.names
    static let expectedUpcomingKeys = RuleTestExpectFields.Coming.upcoming
    static let expectedReminderKeys = RuleTestExpectFields.Coming.names

    /// `tests:` must list at least one test: a tests file that tests nothing would pass silently.
    mutating func decodeTests(_ node: YAMLNode, keySpan: SourceSpan) -> [RuleTestCase] {
        if case .null? = RuleScalar.value(of: node) {
            diagnostics.append(.error(RuleCode.emptyTests, "'tests' holds no test", at: keySpan,
                                      fix: "write at least one test under 'tests:', or delete the file"))
            return []
        }
        guard let items = NodeReader.list(node, field: RuleFileKey.tests.rawValue, in: "the file", diagnostics: &diagnostics) else { return [] }
        if items.isEmpty {
            diagnostics.append(.error(RuleCode.emptyTests, "'tests' holds no test", at: node.span,
                                      fix: "write at least one test under 'tests:', or delete the file"))
        }
        return items.compactMap { decodeTest($0) }
    }

    /// One test (docs/guide.md, "Rule tests").
    mutating func decodeTest(_ node: YAMLNode) -> RuleTestCase? {
        guard let map = NodeReader(node, what: "test", diagnostics: &diagnostics) else { return nil }
        map.rejectUnknownKeys(allowed: Self.testKeys, diagnostics: &diagnostics)
        let name = map.string(RuleTestKey.name, required: true, diagnostics: &diagnostics)
        let now = map.string(RuleTestKey.now, diagnostics: &diagnostics)
        let badEvents = map.choice(RuleTestKey.badEvents, from: ["reject", "skip"], diagnostics: &diagnostics)
        if let now, CELTimestamp.parseRFC3339(now.value) == nil {
            diagnostics.append(.error(RuleCode.invalidTimestamp,
                                      "invalid test 'now' '\(now.value)'; expected RFC 3339 with a UTC offset",
                                      at: now.span, fix: "write it like 2026-02-01T09:00:00+08:00 (or with Z for UTC)"))
        }
        var state: RuleTestCase.StateSource?
        if let stateNode = map.require(RuleTestKey.state, diagnostics: &diagnostics) {
            if case .mapping = stateNode.kind {
                state = .inline(stateNode)
            } else if let path = NodeReader.string(stateNode, field: RuleTestKey.state.rawValue, in: map.what, diagnostics: &diagnostics) {
                state = .file(resolve(path.value))
            }
        }
        var expectation = RuleTestCase.Expectation()
        if let e = map.require(RuleTestKey.expect, diagnostics: &diagnostics).flatMap({
            NodeReader($0, what: RuleTestKey.expect.rawValue, diagnostics: &diagnostics)
        }) {
            e.rejectUnknownKeys(allowed: Self.expectKeys, diagnostics: &diagnostics)
            decodeLists(e, into: &expectation)
            decodeProgress(e, into: &expectation)
            decodeStreaks(e, into: &expectation)
            decodeUnlockedAt(e, into: &expectation)
            decodeModules(e, into: &expectation)
            decodeHolds(e, into: &expectation)
            decodeShown(e, into: &expectation)
            expectation.upcoming = expectedEntries(e, .upcoming, keys: Self.expectedUpcomingKeys, into: &expectation)
            expectation.reminders = expectedEntries(e, .reminders, keys: Self.expectedReminderKeys, into: &expectation)
        }
        guard let name, let state else { return nil }
        var test = RuleTestCase(name: name.value, state: state, now: now?.value, expect: expectation, span: node.span)
        test.skipsBadEvents = badEvents?.value == "skip"
        return test
    }

    private mutating func decodeLists(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        func ids(_ key: RuleTestExpectKey) -> [String]? {
            guard let list = e.stringList(key, diagnostics: &diagnostics) else { return nil }
            expectation.awardReferences += list
            for id in list { expectation.spans["\(key.rawValue).\(id.value)"] = id.span }
            return list.map(\.value)
        }
        expectation.unlocks = ids(.unlocks)
        expectation.unlocked = ids(.unlocked)
        expectation.locked = ids(.locked)
        expectation.warnings = e.stringList(RuleTestExpectKey.warnings, diagnostics: &diagnostics)?.map(\.value)
        expectation.points = e.int(RuleTestExpectKey.points, diagnostics: &diagnostics)?.value
        expectation.rank = e.string(RuleTestExpectKey.rank, diagnostics: &diagnostics)?.value
        for key in [RuleTestExpectKey.unlocks, .warnings, .points, .rank] {
            if let span = e.value(key)?.span { expectation.spans[key.rawValue] = span }
        }
    }

    /// `upcoming` / `reminders`: a list of entries, each a mapping of some of `keys` to strings.
    private mutating func expectedEntries(_ e: NodeReader, _ expectKey: RuleTestExpectKey, keys: [String],
                                          into expectation: inout RuleTestCase.Expectation) -> [[String: String]]? {
        guard let items = e.list(expectKey, diagnostics: &diagnostics) else { return nil }
        let key = expectKey.rawValue
        expectation.spans[key] = e.value(key)?.span
        var entries: [[String: String]] = []
        for item in items {
            guard let entry = NodeReader(item, what: "expected \(key) entry", diagnostics: &diagnostics) else { continue }
            entry.rejectUnknownKeys(allowed: keys, diagnostics: &diagnostics)
            var fields: [String: String] = [:]
            for field in keys {
                guard let text = entry.string(field, diagnostics: &diagnostics) else { continue }
                if field == RuleTestExpectFields.Coming.at.rawValue, CELTimestamp.parseRFC3339(text.value) == nil {
                    diagnostics.append(.error(RuleCode.invalidTimestamp,
                                              "invalid 'at' '\(text.value)' in expected \(key); expected RFC 3339 with a UTC offset",
                                              at: text.span, fix: "write it like 2026-02-01T09:00:00+08:00"))
                }
                fields[field] = text.value
            }
            entries.append(fields)
        }
        return entries
    }

    private mutating func decodeProgress(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        let subject = RuleTestExpectKey.progress.rawValue
        guard let p = e.value(subject).flatMap({ NodeReader($0, what: "expected progress", diagnostics: &diagnostics) })
        else { return }
        for pair in p.pairs {
            let id = NodeReader.keyText(pair.key)
            expectation.awardReferences.append(Located(id, at: pair.key.span))
            expectation.spans["\(subject).\(id)"] = pair.key.span
            guard let entry = NodeReader(pair.value, what: "expected progress", diagnostics: &diagnostics) else { continue }
            entry.rejectUnknownKeys(allowed: Self.expectedProgressKeys, diagnostics: &diagnostics)
            for key in Self.expectedProgressKeys {
                if let span = entry.value(key)?.span { expectation.spans["\(subject).\(id).\(key)"] = span }
            }
            expectation.progress[id] = RuleTestCase.ExpectedProgress(current: number(entry, RuleTestExpectFields.Progress.current),
                                                                     target: number(entry, RuleTestExpectFields.Progress.target))
        }
    }

    private mutating func decodeStreaks(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        let subject = RuleTestExpectKey.streaks.rawValue
        guard let s = e.value(subject).flatMap({ NodeReader($0, what: "expected streaks", diagnostics: &diagnostics) })
        else { return }
        for pair in s.pairs {
            let id = NodeReader.keyText(pair.key)
            expectation.streakReferences.append(Located(id, at: pair.key.span))
            expectation.spans["\(subject).\(id)"] = pair.key.span
            guard let entry = NodeReader(pair.value, what: "expected streak", diagnostics: &diagnostics) else { continue }
            entry.rejectUnknownKeys(allowed: Self.expectedStreakKeys, diagnostics: &diagnostics)
            var expected = RuleTestCase.ExpectedStreak()
            for field in RuleTestExpectFields.Streak.ints {
                let key = field.rawValue
                if let value = entry.int(key, diagnostics: &diagnostics) {
                    expected.ints[key] = value.value
                    expectation.spans["\(subject).\(id).\(key)"] = value.span
                }
            }
            for field in RuleTestExpectFields.Streak.texts {
                let key = field.rawValue
                guard let node = entry.value(key) else { continue }
                expectation.spans["\(subject).\(id).\(key)"] = node.span
                if case .null? = RuleScalar.value(of: node) {
                    expected.strings[key] = .some(nil)
                } else if let text = NodeReader.string(node, field: key, in: "expected streak", diagnostics: &diagnostics) {
                    expected.strings[key] = .some(text.value)
                }
            }
            expectation.streaks[id] = expected
        }
    }

    /// `unlocked_at: { id: timestamp }`: instants, compared whatever the offset.
    private mutating func decodeUnlockedAt(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        let subject = RuleTestExpectKey.unlockedAt.rawValue
        guard let map = e.value(subject).flatMap({ NodeReader($0, what: subject, diagnostics: &diagnostics) })
        else { return }
        for pair in map.pairs {
            let id = NodeReader.keyText(pair.key)
            expectation.awardReferences.append(Located(id, at: pair.key.span))
            expectation.spans["\(subject).\(id)"] = pair.value.span
            guard let text = NodeReader.string(pair.value, field: id, in: subject, diagnostics: &diagnostics) else { continue }
            guard let parsed = CELTimestamp.parseRFC3339(text.value) else {
                diagnostics.append(.error(RuleCode.invalidTimestamp,
                                          "invalid unlocked_at '\(text.value)' for '\(id)'; expected RFC 3339 with a UTC offset",
                                          at: text.span, fix: "write it like 2026-02-01T21:40:00+08:00 (or with Z for UTC)"))
                continue
            }
            expectation.unlockedAt[id] = parsed.timestamp
        }
    }

    /// `modules: { id: { catalog_version, new_levels } }`.
    private mutating func decodeModules(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        let subject = RuleTestExpectKey.modules.rawValue
        guard let map = e.value(subject).flatMap({ NodeReader($0, what: "expected modules", diagnostics: &diagnostics) })
        else { return }
        let (versionField, newLevelsField) = (RuleTestExpectFields.Module.catalogVersion.rawValue,
                                              RuleTestExpectFields.Module.newLevels.rawValue)
        for pair in map.pairs {
            let id = NodeReader.keyText(pair.key)
            expectation.awardReferences.append(Located(id, at: pair.key.span))
            expectation.spans["\(subject).\(id)"] = pair.key.span
            guard let entry = NodeReader(pair.value, what: "expected module", diagnostics: &diagnostics) else { continue }
            entry.rejectUnknownKeys(allowed: Self.expectedModuleKeys, diagnostics: &diagnostics)
            let version = entry.int(versionField, diagnostics: &diagnostics)
            let newLevels = entry.int(newLevelsField, diagnostics: &diagnostics)
            if let version { expectation.spans["\(subject).\(id).\(versionField)"] = version.span }
            if let newLevels { expectation.spans["\(subject).\(id).\(newLevelsField)"] = newLevels.span }
            expectation.modules[id] = RuleTestCase.ExpectedModule(catalogVersion: version?.value, newLevels: newLevels?.value)
        }
    }

    /// `holds: [CEL, …]`: conditions compiled with the rule set (their errors point into this file).
    private mutating func decodeHolds(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        let subject = RuleTestExpectKey.holds.rawValue
        guard let items = e.list(subject, diagnostics: &diagnostics) else { return }
        for (index, item) in items.enumerated() {
            expectation.spans["\(subject)[\(index)]"] = item.span
            if let draft = expression(item, key: subject, field: "\(subject)[\(index)]") { expectation.holdDrafts.append(draft) }
        }
    }

    /// `metrics: { name: value }` (shown metrics, any YAML value) and `categories: { id: [award, …] }`.
    private mutating func decodeShown(_ e: NodeReader, into expectation: inout RuleTestCase.Expectation) {
        let metrics = RuleTestExpectKey.metrics.rawValue, categories = RuleTestExpectKey.categories.rawValue
        if let map = e.value(metrics).flatMap({ NodeReader($0, what: "expected metrics", diagnostics: &diagnostics) }) {
            for pair in map.pairs {
                let name = NodeReader.keyText(pair.key)
                expectation.spans["\(metrics).\(name)"] = pair.value.span
                expectation.metrics[name] = metaReader.value(of: pair.value)
            }
        }
        if let map = e.value(categories).flatMap({ NodeReader($0, what: "expected categories", diagnostics: &diagnostics) }) {
            for pair in map.pairs {
                let id = NodeReader.keyText(pair.key)
                expectation.spans["\(categories).\(id)"] = pair.key.span
                guard let list = NodeReader.list(pair.value, field: id, in: "expected categories", diagnostics: &diagnostics)
                else { continue }
                var awards: [String] = []
                for item in list {
                    guard let award = NodeReader.string(item, field: id, in: "expected categories", diagnostics: &diagnostics)
                    else { continue }
                    expectation.awardReferences.append(award)
                    awards.append(award.value)
                }
                expectation.categories[id] = awards
            }
        }
    }

    /// A path in a test file is relative to that file's folder.
    private func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(path)
    }

    private mutating func number(_ map: NodeReader, _ field: RuleTestExpectFields.Progress) -> Double? {
        let key = field.rawValue
        guard let node = map.value(key) else { return nil }
        switch RuleScalar.value(of: node) {
        case .int(let i)?: return Double(i)
        case .double(let d)?: return d
        default:
            diagnostics.append(.error(RuleCode.wrongType, "'\(key)' in \(map.what) must be a number, found \(NodeReader.describe(node))",
                                      at: node.span))
            return nil
        }
    }
}
