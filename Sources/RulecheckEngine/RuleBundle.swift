import Facts
import JSON
import RuleModel

/// The compiled rule format: one JSON document holding a checked rule set, so that an app ships
/// the engine and its rules without a YAML parser (docs/engine.md, "The compiled rule format").
/// `rulecheck compile` writes it; `EngineRules(bundle:)` reads it.
///
/// ```swift
/// let json = RuleBundle.json(of: ruleSet)            // on CI, from the YAML rules
/// let rules = try EngineRules(bundle: Array(json.utf8))   // on the device
/// ```
public enum RuleBundle {
    /// The value of the document's `format` key.
    public static let format = "rulecheck-rules"
    /// The version of the format this engine writes.
    public static let version = 2
    /// The versions this engine reads: version 1 (contract 1.1) means the same in version 2, which
    /// only adds keys (docs/engine.md, "Versions").
    public static let readableVersions = 1...2

    /// The bundle text of a checked rule set: pretty JSON (two-space indent) with a final newline.
    /// The same rules give the same bytes.
    public static func json(of rules: RuleSet) -> String {
        JSONWriter.write(RuleBundleEncoder.encode(rules), layout: .pretty(indent: 2)) + "\n"
    }

    /// The rule set of a bundle, every expression compiled again and every reference checked.
    /// - Parameter file: how errors name the bundle (`rules.json`).
    public static func decode(_ bytes: [UInt8], file: String = "") throws(RuleBundleError) -> RuleSet {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw RuleBundleError(file: file, path: error.path, message: error.message, line: error.line, column: error.column)
        }
        return try RuleBundleDecoder.decode(document, file: file)
    }
}
