import Diagnostics

/// A user-visible text given as one string or per locale (docs/rules.md, "Locales"): a mapping of
/// BCP 47 tags to strings whose first entry is the default.
package struct LocalizedText: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        /// `nil` for a text written as a plain string.
        package var locale: String?
        package var text: String
        package init(locale: String?, text: String) {
            self.locale = locale
            self.text = text
        }
    }

    /// In written order; never empty.
    package private(set) var entries: [Entry]
    /// Where the text is written, for the missing-locale warning.
    package var span: SourceSpan?

    /// A text in one language, without a locale tag.
    package init(_ text: String, span: SourceSpan? = nil) {
        entries = [Entry(locale: nil, text: text)]
        self.span = span
    }

    /// A text per locale; `nil` when `entries` is empty.
    package init?(entries: [Entry], span: SourceSpan? = nil) {
        guard !entries.isEmpty else { return nil }
        self.entries = entries
        self.span = span
    }

    /// The first entry's text.
    package var defaultText: String { entries[0].text }

    /// The locales given (none for a plain string).
    package var locales: [String] { entries.compactMap(\.locale) }

    /// The text for `tag`: the exact tag (ignoring case), then the first entry of the same
    /// language (`en-GB` finds `en`, `zh` finds `zh-Hans`), then the default.
    package func text(for tag: String?) -> String {
        guard let tag else { return defaultText }
        let wanted = tag.lowercased()
        if let exact = entries.first(where: { $0.locale?.lowercased() == wanted }) { return exact.text }
        let language = Self.language(of: wanted)
        if let same = entries.first(where: { $0.locale.map { Self.language(of: $0.lowercased()) } == language }) {
            return same.text
        }
        return defaultText
    }

    static func language(of tag: String) -> String {
        String(tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag))
    }

    /// A well-formed BCP 47 tag as far as rule files need: a 2–3 letter language, then parts of
    /// 1–8 letters or digits joined by `-` (`zh-Hans`, `en`, `pt-BR`, `es-419`).
    package static func isValidTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
