import CEL
import Diagnostics
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    /// A `title` or `description`: a string, or a mapping of BCP 47 tags to strings whose first
    /// entry is the default (docs/rules.md, "Locales").
    mutating func localizedText<Key: RuleKey>(_ map: NodeReader, _ key: Key, required: Bool = false) -> LocalizedText? {
        localizedText(map, key.rawValue, required: required)
    }

    private mutating func localizedText(_ map: NodeReader, _ key: String, required: Bool) -> LocalizedText? {
        guard let node = required ? map.require(key, diagnostics: &diagnostics) : map.value(key) else { return nil }
        guard case .mapping(let pairs) = node.kind else {
            return NodeReader.string(node, field: key, in: map.what, diagnostics: &diagnostics)
                .map { LocalizedText($0.value, span: $0.span) }
        }
        var entries: [LocalizedText.Entry] = []
        for pair in pairs {
            let tag = NodeReader.keyText(pair.key)
            if !LocalizedText.isValidTag(tag) {
                diagnostics.append(.error(RuleCode.invalidLocale,
                                          "'\(tag)' in the \(key) of \(map.what) is not a BCP 47 locale tag",
                                          at: pair.key.span,
                                          fix: "write a tag such as en, zh-Hans or pt-BR (parts joined by '-')"))
            }
            guard let text = NodeReader.string(pair.value, field: "\(key).\(tag)", in: map.what, diagnostics: &diagnostics)
            else { continue }
            entries.append(LocalizedText.Entry(locale: tag, text: text.value))
        }
        guard let text = LocalizedText(entries: entries, span: node.span) else {
            if pairs.isEmpty {
                diagnostics.append(.error(RuleCode.wrongType, "'\(key)' in \(map.what) gives no text", at: node.span,
                                          fix: "write a string, or one entry per locale such as { en: ..., zh-Hans: ... }"))
            }
            return nil
        }
        return text
    }

    /// `meta`: any mapping, kept as written. `key` is the entry's own `meta` key.
    mutating func meta<Key: RuleKey>(_ map: NodeReader, _ key: Key) -> CELValue? {
        guard let node = map.value(key) else { return nil }
        guard case .mapping = node.kind else {
            diagnostics.append(.error(RuleCode.wrongType,
                                      "'\(key.rawValue)' in \(map.what) must be a mapping of keys to values, found \(NodeReader.describe(node))",
                                      at: node.span, fix: "write for example: meta: { grid_size: 4 }"))
            return nil
        }
        return metaReader.value(of: node)
    }
}
