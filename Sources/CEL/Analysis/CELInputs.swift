/// The variables an expression reads, from its checked AST (cel-go's reference map walked with
/// scopes): for each variable the fields it selects directly (`stats.focus` reads `focus` of
/// `stats`), or that it is read whole (`stats["focus"]`, `size(stats)`, `stats` passed on).
/// Comprehension variables are not inputs; names the checker resolved to constants or type names
/// (`int`, `null_type`) are not either.
package struct CELInputs: Sendable, Hashable {
    /// How one variable is read.
    package struct Use: Sendable, Hashable {
        /// Fields selected directly on the variable.
        package var fields: Set<String> = []
        /// Whether it is also read other than by a field selection.
        package var whole = false
    }

    /// Per variable (its root name, as declared or as the first part of a qualified name).
    package private(set) var variables: [String: Use] = [:]

    /// The inputs of `expr`, with `references` from the checker; names in `bound` are the
    /// caller's comprehension variables (not inputs). Without the checker's references every
    /// identifier that is not bound counts.
    package init(of expr: CELExpr, references: CELNodeTable<CELReference>, bound: Set<String> = []) {
        expr.walk(bound: bound) { node, bound in
            switch node.kind {
            case .ident(let name):
                if bound.contains(name) { return .skipChildren }
                switch references[node.id] {
                case .constant?, .typeName?: break
                case .variable(let qualified)?: note(qualified)
                default: note(name)
                }
                return .skipChildren
            case .select(let operand, let field, _):
                if case .variable(let qualified)? = references[node.id],
                   !bound.contains(Self.root(of: qualified)) {
                    note(qualified)
                    return .skipChildren
                }
                // `root.field` on a variable the checker left as it is.
                if case .ident(let root) = operand.kind, !bound.contains(root),
                   references[operand.id].map({ $0 == .variable(root) }) ?? true {
                    variables[root, default: Use()].fields.insert(field)
                    return .skipChildren
                }
                return .descend
            default:
                return .descend
            }
        }
    }

    /// The inputs of a whole checked expression.
    package init(_ checked: CELCheckedAST) {
        self.init(of: checked.ast.root, references: checked.references)
    }

    /// Whether the expression reads no variable at all.
    package var isEmpty: Bool { variables.isEmpty }

    /// Records `a`, `a.b` or `a.b.c` (only the first field counts: `a.b.c` reads `b` of `a`).
    private mutating func note(_ qualified: String) {
        // Cut by UTF-8 bytes: a dot is ASCII, and cutting by Character runs grapheme breaking.
        let parts = qualified.utf8.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        let root = String(Substring(parts[0]))
        if parts.count > 1 {
            variables[root, default: Use()].fields.insert(String(Substring(parts[1])))
        } else {
            variables[root, default: Use()].whole = true
        }
    }

    private static func root(of qualified: String) -> String {
        String(Substring(qualified.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)[0]))
    }
}
