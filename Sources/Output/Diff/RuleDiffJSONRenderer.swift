import JSON
import RuleDiff

/// `diff --format json` (docs/diff.md): the object of one rule set, or `{"rulesets": {NAME: …}}`
/// when several are compared. Keys in the order docs/diff.md gives; `awards` and `warnings` hold only
/// what changed.
package struct RuleDiffJSONRenderer: Renderer {
    package init() {}

    package func render(_ report: RuleDiffReport) -> String {
        let value: JSONValue
        if report.isSeveral {
            value = .object(JSONObject([("rulesets", .object(JSONObject(report.entries.map { ($0.name ?? "", Self.object($0.diff)) })))]))
        } else {
            value = report.entries.first.map { Self.object($0.diff) } ?? Self.object(RuleSetDiff(changes: []))
        }
        return JSONWriter.write(value) + "\n"
    }

    static func object(_ diff: RuleSetDiff) -> JSONValue {
        let effects = diff.effects
        let changes: [JSONValue] = diff.changes.map { change in
            .object(JSONObject([
                ("change", .string(change.change.rawValue)), ("kind", .string(change.kind.rawValue)), ("id", .string(change.id)),
                ("keys", .array(change.keys.map(JSONValue.string))), ("file", .string(change.file)),
                ("line", .int(Int64(change.line))),
            ]))
        }
        let awards = diff.affectedAwards.map { award -> (key: String, value: JSONValue) in
            var fields: [(key: String, value: JSONValue)] = EffectKind.allCases.map { ($0.rawValue, .int(Int64(award.effects.count($0)))) }
            let samples = EffectKind.allCases.compactMap { kind -> (key: String, value: JSONValue)? in
                guard award.effects.count(kind) > 0 else { return nil }
                return (kind.rawValue, .array((award.effects.samples[kind] ?? []).map(sample)))
            }
            fields.append(("samples", .object(JSONObject(samples))))
            return (award.id, .object(JSONObject(fields)))
        }
        let warnings = effects.changedWarnings.map { warning -> (key: String, value: JSONValue) in
            (warning.code, .object(JSONObject([("old", .int(Int64(warning.counts.old))), ("new", .int(Int64(warning.counts.new)))])))
        }
        return .object(JSONObject([
            ("schema", .int(1)), ("changes", .array(changes)),
            ("states", .int(Int64(effects.states))), ("errors", .int(Int64(effects.errors))),
            ("error_lines", .array(effects.errorLines.map { .int(Int64($0)) })),
            ("changed_states", .int(Int64(effects.changedStates))),
            ("awards", .object(JSONObject(awards))),
            ("points", .object(JSONObject([("up", .int(Int64(effects.pointsUp))), ("down", .int(Int64(effects.pointsDown)))]))),
            ("ranks", .object(JSONObject([("up", .int(Int64(effects.ranksUp))), ("down", .int(Int64(effects.ranksDown)))]))),
            ("warnings", .object(JSONObject(warnings))),
        ]))
    }

    /// A user id as a string; a line number (a state without an id) as a number.
    private static func sample(_ sample: DiffSample) -> JSONValue {
        switch sample {
        case .user(let id): .string(id)
        case .line(let number): .int(Int64(number))
        }
    }
}
