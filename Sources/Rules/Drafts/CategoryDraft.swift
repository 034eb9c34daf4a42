import RuleModel

/// One entry of `categories`, with where its id is written.
struct CategoryDraft: Sendable {
    var id: Located<String>
    var rule: CategoryRule
}
