import Diagnostics
import YAMLSource

/// Typed reading of one YAML mapping of a rule file. Every read that fails records a diagnostic
/// pointing at the offending node and returns `nil`, so decoding goes on and reports everything.
struct NodeReader {
    /// What the mapping is, for messages ("achievement", "calendar").
    let what: String
    let node: YAMLNode
    let pairs: [YAMLPair]

    /// `nil` (with an error) when `node` is not a mapping.
    init?(_ node: YAMLNode, what: String, diagnostics: inout [Diagnostic]) {
        guard case .mapping(let pairs) = node.kind else {
            diagnostics.append(.error(RuleCode.wrongType,
                                      "\(what) must be a mapping of keys to values, found \(NodeReader.describe(node))",
                                      at: node.span))
            return nil
        }
        self.what = what
        self.node = node
        self.pairs = pairs
    }

    /// Reports every key not in `allowed`, with a "did you mean" when one is close.
    func rejectUnknownKeys(allowed: [String], diagnostics: inout [Diagnostic]) {
        // By index, here and below: a pair taken out of the list is a copy of both its nodes
        // (a retain and release of each of their parts), and rule files are read at every run.
        for index in pairs.indices {
            let key = NodeReader.keyText(pairs[index].key)
            guard !allowed.contains(key) else { continue }
            let suggestion = Suggestion.closest(to: key, in: allowed)
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.append(.error(
                RuleCode.unknownKey, "unknown key '\(key)' in \(what)\(hint)", at: pairs[index].key.span,
                fix: suggestion.map { "rename '\(key)' to '\($0)'" }
                    ?? "allowed keys: \(allowed.joined(separator: ", "))"))
        }
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    /// The value node of `key`; the last one if a (reported) duplicate exists.
    func value(_ key: String) -> YAMLNode? {
        lastIndex(of: key).map { pairs[$0].value }
    }

    func keySpan(_ key: String) -> SourceSpan? {
        lastIndex(of: key).map { pairs[$0].key.span }
    }

    /// A loop, not `lastIndex(where:)`: that handed each pair to the predicate as a copy.
    private func lastIndex(of key: String) -> Int? {
        var index = pairs.count
        while index > 0 {
            index -= 1
            if NodeReader.keyText(pairs[index].key) == key { return index }
        }
        return nil
    }

    /// Reports a missing required key at the mapping.
    func require(_ key: String, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        if let node = value(key) { return node }
        diagnostics.append(.error(RuleCode.missingKey, "missing required key '\(key)' in \(what)",
                                  at: headSpan, fix: "add '\(key):' to this \(what)"))
        return nil
    }

    /// The first line of the mapping, where "missing key" errors point.
    var headSpan: SourceSpan {
        if !pairs.isEmpty { return pairs[0].key.span }
        return node.span
    }

    // MARK: typed values

    func string(_ key: String, required: Bool = false, diagnostics: inout [Diagnostic]) -> Located<String>? {
        guard let node = required ? require(key, diagnostics: &diagnostics) : value(key) else { return nil }
        return NodeReader.string(node, field: key, in: what, diagnostics: &diagnostics)
    }

    func int(_ key: String, required: Bool = false, diagnostics: inout [Diagnostic]) -> Located<Int>? {
        guard let node = required ? require(key, diagnostics: &diagnostics) : value(key) else { return nil }
        return NodeReader.int(node, field: key, in: what, diagnostics: &diagnostics)
    }

    func bool(_ key: String, diagnostics: inout [Diagnostic]) -> Located<Bool>? {
        guard let node = value(key) else { return nil }
        if case .bool(let b)? = RuleScalar.value(of: node) { return Located(b, at: node.span) }
        var fix: String?
        if case .scalar(let text, _) = node.kind,
           ["yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) {
            let meant = ["yes", "on", "y"].contains(text.lowercased())
            fix = "YAML 1.2 reads '\(text)' as a string; write \(meant) instead"
        }
        diagnostics.append(.error(RuleCode.wrongType,
                                  "'\(key)' in \(what) must be a boolean (true or false), found \(NodeReader.describe(node))",
                                  at: node.span, fix: fix ?? "write true or false"))
        return nil
    }

    /// A value from a fixed set, with a suggestion for a near miss.
    func choice(_ key: String, from allowed: [String], diagnostics: inout [Diagnostic]) -> Located<String>? {
        guard let text = string(key, diagnostics: &diagnostics) else { return nil }
        guard allowed.contains(text.value) else {
            diagnostics.append(NodeReader.invalidChoice(text, field: key, in: what, allowed: allowed))
            return nil
        }
        return text
    }

    func list(_ key: String, required: Bool = false, diagnostics: inout [Diagnostic]) -> [YAMLNode]? {
        guard let node = required ? require(key, diagnostics: &diagnostics) : value(key) else { return nil }
        return NodeReader.list(node, field: key, in: what, diagnostics: &diagnostics)
    }

    func stringList(_ key: String, diagnostics: inout [Diagnostic]) -> [Located<String>]? {
        guard let items = list(key, diagnostics: &diagnostics) else { return nil }
        return items.compactMap { NodeReader.string($0, field: key, in: what, diagnostics: &diagnostics) }
    }

    // MARK: single nodes

    static func string(_ node: YAMLNode, field: @autoclosure () -> String, in what: String,
                       diagnostics: inout [Diagnostic]) -> Located<String>? {
        guard case .scalar(let text, _) = node.kind, case .string? = RuleScalar.value(of: node) else {
            // Numbers and booleans are accepted where text is expected only if they were
            // written as text; a title `2026` is fine as its written form.
            if case .scalar(let text, _) = node.kind, let value = RuleScalar.value(of: node) {
                switch value {
                case .int, .double, .bool: return Located(text, at: node.span)
                case .null, .string: break
                }
            }
            diagnostics.append(.error(RuleCode.wrongType,
                                      "'\(field())' in \(what) must be a string, found \(describe(node))",
                                      at: node.span))
            return nil
        }
        return Located(text, at: node.span)
    }

    static func int(_ node: YAMLNode, field: String, in what: String,
                    diagnostics: inout [Diagnostic]) -> Located<Int>? {
        if case .int(let i)? = RuleScalar.value(of: node), let value = Int(exactly: i) {
            return Located(value, at: node.span)
        }
        diagnostics.append(.error(RuleCode.wrongType,
                                  "'\(field)' in \(what) must be a whole number, found \(describe(node))",
                                  at: node.span))
        return nil
    }

    static func list(_ node: YAMLNode, field: String, in what: String,
                     diagnostics: inout [Diagnostic]) -> [YAMLNode]? {
        guard case .sequence(let items) = node.kind else {
            diagnostics.append(.error(RuleCode.wrongType,
                                      "'\(field)' in \(what) must be a list, found \(describe(node))",
                                      at: node.span, fix: "write one '- item' per line under '\(field):'"))
            return nil
        }
        return items
    }

    static func invalidChoice(_ text: Located<String>, field: String, in what: String,
                              allowed: [String]) -> Diagnostic {
        let suggestion = Suggestion.closest(to: text.value, in: allowed)
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return .error(RuleCode.invalidEnum,
                      "invalid \(field) '\(text.value)' in \(what)\(hint)", at: text.span,
                      fix: "use one of: \(allowed.joined(separator: ", "))")
    }

    /// The text of a mapping key (keys are scalars in rule files; others print as their kind).
    static func keyText(_ key: YAMLNode) -> String {
        if case .scalar(let text, _) = key.kind { return text }
        return describe(key)
    }

    /// A short description of what a node is, for "found …" in messages.
    /// Whether the node is an empty value (`key:` with nothing after it, or `null`).
    static func isNull(_ node: YAMLNode) -> Bool {
        if case .null? = RuleScalar.value(of: node) { return true }
        return false
    }

    static func describe(_ node: YAMLNode) -> String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _):
            switch RuleScalar.value(of: node) {
            case .null?: return "nothing (null)"
            case .bool?: return "the boolean \(text)"
            case .int?: return "the number \(text)"
            case .double?: return "the number \(text)"
            case .string?, nil: return "the string '\(text)'"
            }
        }
    }
}
