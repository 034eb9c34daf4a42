import CEL
import Diagnostics

/// One entry of `categories` (docs/rules.md, "categories"): an award category's id and the
/// names people read, per locale.
package struct CategoryRule: Sendable {
    package var id: String
    /// The title in the locale shown (`RuleSet.localized(to:)`); its default text otherwise.
    package var title: String
    package var description: String?
    package var icon: String?
    /// Free app data (a map), emitted in the JSON decision.
    package var meta: CELValue?
    package var span: SourceSpan
    package var localizedTitle: LocalizedText
    package var localizedDescription: LocalizedText?

    package init(id: String, title: String, description: String? = nil, icon: String? = nil, meta: CELValue? = nil,
                 span: SourceSpan, localizedTitle: LocalizedText? = nil, localizedDescription: LocalizedText? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.icon = icon
        self.meta = meta
        self.span = span
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
        self.localizedDescription = localizedDescription ?? description.map { LocalizedText($0) }
    }

    /// The category with its texts in `locale` (exact tag, then language, then the default).
    package func localized(to locale: String?) -> CategoryRule {
        guard let locale else { return self }
        var copy = self
        copy.title = localizedTitle.text(for: locale)
        copy.description = localizedDescription?.text(for: locale)
        return copy
    }
}
