import Diagnostics
import Foundation
import YAMLSource

extension RuleFileDecoder {
    static let testKeys = ["name", "state", "now", "expect"]
    static let expectKeys = ["unlocks", "unlocked", "locked", "progress", "streaks", "points", "rank", "warnings"]
    static let expectedStreakInts = ["current", "longest", "total_days", "freezes_available"]
    static let expectedStreakStrings = ["status", "last_day"]

    /// SPEC 7.3.
    mutating func decodeTest(_ node: YAMLNode) -> RuleTestCase? {
        guard let map = NodeReader(node, what: "test", diagnostics: &diagnostics) else { return nil }
        map.rejectUnknownKeys(allowed: Self.testKeys, diagnostics: &diagnostics)
        let name = map.string("name", required: true, diagnostics: &diagnostics)
        let now = map.string("now", diagnostics: &diagnostics)
        var state: RuleTestCase.StateSource?
        if let stateNode = map.require("state", diagnostics: &diagnostics) {
            if case .mapping = stateNode.kind {
                state = .inline(stateNode)
            } else if let path = NodeReader.string(stateNode, field: "state", in: "test", diagnostics: &diagnostics) {
                state = .file(resolve(path.value))
            }
        }
        var expectation = RuleTestCase.Expectation()
        if let e = map.require("expect", diagnostics: &diagnostics).flatMap({
            NodeReader($0, what: "expect", diagnostics: &diagnostics)
        }) {
            e.rejectUnknownKeys(allowed: Self.expectKeys, diagnostics: &diagnostics)
            expectation.unlocks = e.stringList("unlocks", diagnostics: &diagnostics)?.map(\.value)
            expectation.unlocked = e.stringList("unlocked", diagnostics: &diagnostics)?.map(\.value)
            expectation.locked = e.stringList("locked", diagnostics: &diagnostics)?.map(\.value)
            expectation.warnings = e.stringList("warnings", diagnostics: &diagnostics)?.map(\.value)
            expectation.points = e.int("points", diagnostics: &diagnostics)?.value
            expectation.rank = e.string("rank", diagnostics: &diagnostics)?.value
            if let p = e.value("progress").flatMap({ NodeReader($0, what: "expected progress", diagnostics: &diagnostics) }) {
                for pair in p.pairs {
                    guard let entry = NodeReader(pair.value, what: "expected progress", diagnostics: &diagnostics) else { continue }
                    entry.rejectUnknownKeys(allowed: ["current", "target"], diagnostics: &diagnostics)
                    expectation.progress[NodeReader.keyText(pair.key)] = RuleTestCase.ExpectedProgress(
                        current: number(entry, "current"), target: number(entry, "target"))
                }
            }
            if let s = e.value("streaks").flatMap({ NodeReader($0, what: "expected streaks", diagnostics: &diagnostics) }) {
                for pair in s.pairs {
                    guard let entry = NodeReader(pair.value, what: "expected streak", diagnostics: &diagnostics) else { continue }
                    entry.rejectUnknownKeys(allowed: Self.expectedStreakInts + Self.expectedStreakStrings,
                                            diagnostics: &diagnostics)
                    var expected = RuleTestCase.ExpectedStreak()
                    for key in Self.expectedStreakInts {
                        if let value = entry.int(key, diagnostics: &diagnostics) { expected.ints[key] = value.value }
                    }
                    for key in Self.expectedStreakStrings {
                        guard let node = entry.value(key) else { continue }
                        if case .null? = RuleScalar.value(of: node) {
                            expected.strings[key] = .some(nil)
                        } else if let text = NodeReader.string(node, field: key, in: "expected streak", diagnostics: &diagnostics) {
                            expected.strings[key] = .some(text.value)
                        }
                    }
                    expectation.streaks[NodeReader.keyText(pair.key)] = expected
                }
            }
        }
        guard let name, let state else { return nil }
        return RuleTestCase(name: name.value, state: state, now: now?.value, expect: expectation, span: node.span)
    }

    /// A path in a test file is relative to that file's folder.
    private func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(path)
    }

    private mutating func number(_ map: NodeReader, _ key: String) -> Double? {
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
