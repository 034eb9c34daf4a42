import JSON

/// The compiled bundle's own keys (docs/engine.md, "The compiled rule format"): what a rule file
/// does not write, such as an expression's `source` and `at`, a text's `entries`, `localized_title`
/// or a milestone's `award`. A bundle key that is a rule file's key is spelled by that kind's
/// `RuleKey` enum instead, so each key of either format is spelled once.
enum RuleBundleField: String, CaseIterable, Sendable {
    case format, version, files, catalogs
    case awardOrder = "award_order"
    /// A metric's id (a rule file writes it as the metric's key).
    case id
    case expression, source, at, entries
    case localizedTitle = "localized_title"
    case localizedDescription = "localized_description"
    /// A calendar's named zone: `{"zone": NAME}`.
    case zone
    /// A milestone's award, an achievement's award.
    case award
    /// A tracking plan's types, each with a `name`; an attribute's `name` and `type`.
    case types, name, type
    case beforeSeconds = "before_seconds"
    case dailyAt = "daily_at"
    /// A non-finite double of `meta`: `{"$double": "nan"}`.
    case double = "$double"
}

extension JSONObject {
    /// The value of a key spelled by its enum: a `RuleKey` or a `RuleBundleField`.
    subscript<Key: RawRepresentable>(key: Key) -> JSONValue? where Key.RawValue == String {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
}

extension BundleNode {
    /// A required key spelled by its enum.
    func field<Key: RawRepresentable>(_ key: Key) throws(RuleBundleError) -> BundleNode where Key.RawValue == String {
        try field(key.rawValue)
    }

    /// An optional key spelled by its enum.
    func optional<Key: RawRepresentable>(_ key: Key) throws(RuleBundleError) -> BundleNode? where Key.RawValue == String {
        try optional(key.rawValue)
    }
}

extension JSONPath {
    /// The path one key deeper, the key spelled by its enum.
    static func / <Key: RawRepresentable>(path: JSONPath, key: Key) -> JSONPath where Key.RawValue == String {
        path / key.rawValue
    }
}
