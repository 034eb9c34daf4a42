import CEL
import Foundation
import RuleModel
import Rules
import RulesTestSupport
import Testing
@testable import Facts
import TestSupport

/// Loads a fixture folder (`rules/`, `state.json`) copied from the public acceptance cases.
func fixture(_ name: String) throws -> (rules: RuleSet, state: StateFile) {
    let folder = try #require(Bundle.module.resourcePath) + "/Fixtures/" + name
    let loaded = RuleSetLoader.load(paths: [folder + "/rules"])
    let rules = try #require(loaded.ruleSet, "rules of \(name): \(loaded.diagnostics.map(\.message))")
    return (rules, try StateFile.load(jsonPath: folder + "/state.json"))
}

/// A rule set from YAML texts, one file each, loaded in memory through the loader's own path.
func ruleSet(_ yaml: String...) throws -> RuleSet {
    try RuleSetText.load(yaml)
}

/// A state from its events (JSON objects) and `now`.
func state(_ events: [String], now: String, extra: String = "", user: String = #"{"id": "u"}"#) throws -> StateFile {
    try StateFile.parse(json: #"{"schema": 1, "user": \#(user), "now": "\#(now)", "events": [\#(events.joined(separator: ",\n"))]\#(extra)}"#)
}

/// Evaluates a rule-scope CEL expression against a snapshot and renders the result.
func evaluate(_ source: String, in snapshot: FactSnapshot) -> String {
    let environment = FactTypes.environment(scope: .rule, metrics: FactTypes.metricsRecord([]))
    switch environment.compile(source) {
    case .failure(let errors): return "compile error: \(errors.issues.map(\.message))"
    case .success(let program): return render(program.evaluate(snapshot.activation(metrics: .map(CELMap(strings: [])))))
    }
}

/// A deterministic text form of a CEL value for assertions.
func render(_ value: CELValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return String(flag)
    case .int(let number): return String(number)
    case .uint(let number): return "\(number)u"
    case .double(let number): return "\(number)"
    case .string(let text): return "\"\(text)\""
    case .bytes(let bytes): return "b\(bytes)"
    case .list(let list): return "[" + list.map(render).joined(separator: ", ") + "]"
    case .map(let map): return "{" + map.entries.map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ") + "}"
    case .timestamp(let timestamp): return Moment(instant: timestamp, offsetSeconds: 0).description
    case .duration(let duration): return "\(duration.seconds)s"
    case .type(let type): return "type(\(type))"
    case .optional: return value.description
    case .error(let error): return "error(\(error.message))"
    }
}

/// Every checkpoint of docs/evaluation.md, "Replay" that facts can produce: event instants (in their offsets), the
/// time-driven ones and `now`.
func checkpoints(_ timeline: FactTimeline) -> [Moment] {
    var seen = Set<CEL.CELTimestamp>()
    var moments: [Moment] = []
    for candidate in (timeline.events.map { timeline.event(of: $0).at } + timeline.timeCheckpoints() + [timeline.now]).sorted()
    where seen.insert(candidate.instant).inserted {
        moments.append(candidate)
    }
    return moments
}
