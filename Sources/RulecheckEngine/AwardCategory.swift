import JSON
import RuleModel

/// One of the rule set's award categories (`categories` in the rules), with its texts in one
/// locale: what an app shows as the heading of a group of awards, whose `AwardStanding.category`
/// is this `id`.
public struct AwardCategory: Sendable, Hashable {
    public var id: String
    public var title: String
    public var description: String?
    public var icon: String?
    /// The category's `meta`, as written.
    public var meta: JSONValue?

    public init(id: String, title: String, description: String? = nil, icon: String? = nil, meta: JSONValue? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.icon = icon
        self.meta = meta
    }

    init(_ rule: CategoryRule) {
        self.init(id: rule.id, title: rule.title, description: rule.description, icon: rule.icon,
                  meta: rule.meta.map(RuleBundleEncoder.meta))
    }
}
