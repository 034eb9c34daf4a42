/// Where a value sits inside a JSON document, written the way people read it:
/// `events[17].at`, `user.id`, `levels["odd key"]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document root.
    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public static func / (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
    public static func / (path: JSONPath, index: Int) -> JSONPath { path.appending(index: index) }

    /// Paths deeper than this are shown with their middle elided, so a message about deep
    /// nesting stays one readable line.
    static let shownDepth = 16

    /// `events[17].at`; keys that are not identifiers are quoted (`counters["a b"]`); the root
    /// is `$`. A path deeper than 16 shows its first and last 8 parts around `…(N more)…`.
    public var description: String {
        if components.isEmpty { return "$" }
        guard components.count > Self.shownDepth else { return Self.text(components[...]) }
        let half = Self.shownDepth / 2
        return Self.text(components.prefix(half)) + "…(\(components.count - 2 * half) more)…"
            + Self.text(components.suffix(half))
    }

    private static func text(_ components: ArraySlice<Component>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += text.isEmpty ? key : ".\(key)"
                } else {
                    text += "[" + JSONWriter.quoted(key) + "]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
