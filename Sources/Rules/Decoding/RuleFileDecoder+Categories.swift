import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let categoryKeys = CategoryRuleKey.names

    /// docs/rules.md, "categories[]".
    mutating func decodeCategory(_ node: YAMLNode) -> CategoryDraft? {
        guard let map = NodeReader(node, what: "category", diagnostics: &diagnostics) else { return nil }
        map.rejectUnknownKeys(allowed: Self.categoryKeys, diagnostics: &diagnostics)
        let id = map.string(CategoryRuleKey.id, required: true, diagnostics: &diagnostics)
        let title = localizedText(map, CategoryRuleKey.title, required: true)
        let description = localizedText(map, CategoryRuleKey.description)
        let icon = map.string(CategoryRuleKey.icon, diagnostics: &diagnostics)
        let meta = meta(map, CategoryRuleKey.meta)
        guard let id else { return nil }
        return CategoryDraft(id: id, rule: CategoryRule(
            id: id.value, title: title?.defaultText ?? id.value, description: description?.defaultText, icon: icon?.value,
            meta: meta, span: node.span, localizedTitle: title, localizedDescription: description))
    }
}
