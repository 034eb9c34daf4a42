/// The kinds of leaf nodes — identifiers, and literals other than numbers and bytes — made once
/// and shared by every expression a host parses with it. A node's kind is an immutable boxed
/// value (its id and range are outside the box), so nodes that name `events` or compare with
/// `"focus_session"` in a thousand conditions can hold one box. A rule set's conditions repeat
/// their identifiers and strings; numbers mostly differ, so they are left alone.
///
/// A class, mutated while parsing: one per host task (a rule set's loading), never shared by
/// threads.
package final class CELLeafKinds {
    private var idents: [String: CELExpr.Kind] = [:]
    /// String literals by their text, and the few other literals each in its own place: a table
    /// keyed by `CELLiteral` would have the runtime look up how a literal hashes.
    private var strings: [String: CELExpr.Kind] = [:]
    private var null: CELExpr.Kind?
    private var trueKind: CELExpr.Kind?
    private var falseKind: CELExpr.Kind?
    /// Longer strings are rarely repeated; they are not kept.
    static let longestSharedString = 64

    package init() {}

    /// `kind`, or an equal kind made before.
    func shared(_ kind: CELExpr.Kind) -> CELExpr.Kind {
        switch kind {
        case .ident(let name):
            if let made = idents[name] { return made }
            idents[name] = kind
        case .literal(let literal):
            switch literal {
            case .int, .uint, .double, .bytes:
                return kind
            case .string(let text) where text.utf8.count > Self.longestSharedString:
                return kind
            case .string(let text):
                if let made = strings[text] { return made }
                strings[text] = kind
            case .null:
                if let null { return null }
                null = kind
            case .bool(let value):
                if let made = value ? trueKind : falseKind { return made }
                if value { trueKind = kind } else { falseKind = kind }
            }
        case .select, .call, .list, .map, .comprehension:
            break
        }
        return kind
    }
}
