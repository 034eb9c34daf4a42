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

    /// The first entry's text.
    package private(set) var defaultText: String
    /// Every entry, in written order, for a text given per locale; empty for one plain string.
    /// A rule set holds a title and a description per award, nearly all plain strings: those
    /// then cost no array.
    private var tagged: [Entry]
    /// Where the text is written, for the missing-locale warning.
    package var span: SourceSpan?

    /// A text in one language, without a locale tag.
    package init(_ text: String, span: SourceSpan? = nil) {
        defaultText = text
        tagged = []
        self.span = span
    }

    /// A text per locale; `nil` when `entries` is empty.
    package init?(entries: [Entry], span: SourceSpan? = nil) {
        guard let first = entries.first else { return nil }
        defaultText = first.text
        tagged = entries.count == 1 && first.locale == nil ? [] : entries
        self.span = span
    }

    /// In written order; never empty.
    package var entries: [Entry] {
        tagged.isEmpty ? [Entry(locale: nil, text: defaultText)] : tagged
    }

    /// The locales given (none for a plain string).
    package var locales: [String] { tagged.compactMap(\.locale) }

    /// The text for `tag`: the exact tag (ignoring case), then the first entry of the same
    /// language (`en-GB` finds `en`, `zh` finds `zh-Hans`), then the default.
    package func text(for tag: String?) -> String {
        guard let tag else { return defaultText }
        let wanted = tag.lowercased()
        if let exact = tagged.first(where: { $0.locale?.lowercased() == wanted }) { return exact.text }
        let language = Self.language(of: wanted)
        if let same = tagged.first(where: { $0.locale.map { Self.language(of: $0.lowercased()) } == language }) {
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
        // Read as ASCII bytes: a tag is ASCII, and Character's Unicode properties cost far more.
        var partLength = 0, partIndex = 0
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") {
                guard partIndex == 0 ? (2...3).contains(partLength) : partLength > 0 else { return false }
                partIndex += 1
                partLength = 0
                continue
            }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetter || (partIndex > 0 && isDigit) else { return false }
            partLength += 1
            guard partLength <= (partIndex == 0 ? 3 : 8) else { return false }
        }
        return partIndex == 0 ? (2...3).contains(partLength) : partLength > 0
    }
}
