/// Identifies a node of one parsed expression; unique within that expression.
public typealias CELExprID = Int

/// A range of the expression source in Unicode scalar offsets: `start` inclusive, `end` exclusive.
public struct CELSourceRange: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}

/// A literal written in the source.
public enum CELLiteral: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
}

/// One node of the abstract syntax tree, as in cel-go's `Expr`: macros are already expanded into
/// comprehensions (the original call is kept in `CELAST.macroCalls` for explanations).
public struct CELExpr: Sendable {
    public indirect enum Kind: Sendable {
        case literal(CELLiteral)
        /// A (possibly dot-qualified after resolution) identifier.
        case ident(String)
        /// `operand.field`; `testOnly` for the `has(operand.field)` macro.
        case select(operand: CELExpr, field: String, testOnly: Bool)
        /// A global call (`target == nil`, operators use internal names such as `_+_`, `_[_]`,
        /// `_?_:_`, `!_`, `-_`, `@in`) or a receiver-style call `target.function(args)`.
        case call(target: CELExpr?, function: String, args: [CELExpr])
        case list(elements: [CELExpr])
        case map(entries: [CELMapEntry])
        case comprehension(CELComprehension)
    }

    public var id: CELExprID
    public var range: CELSourceRange
    public var kind: Kind

    public init(id: CELExprID, range: CELSourceRange, kind: Kind) {
        self.id = id
        self.range = range
        self.kind = kind
    }
}

/// One `key: value` entry of a map literal.
public struct CELMapEntry: Sendable {
    public var id: CELExprID
    public var key: CELExpr
    public var value: CELExpr
    public init(id: CELExprID, key: CELExpr, value: CELExpr) {
        self.id = id
        self.key = key
        self.value = value
    }
}

/// The fold that every macro (`all`, `exists`, `exists_one`, `map`, `filter`) expands to
/// (langdef "Macros"): iterate `iterRange`, binding `iterVar` (and `iterVar2` for two-variable
/// forms), starting the accumulator `accuVar` at `accuInit`, while `loopCondition` holds apply
/// `loopStep`, then evaluate `result`.
public struct CELComprehension: Sendable {
    public var iterVar: String
    public var iterVar2: String?
    public var iterRange: CELExpr
    public var accuVar: String
    public var accuInit: CELExpr
    public var loopCondition: CELExpr
    public var loopStep: CELExpr
    public var result: CELExpr

    public init(iterVar: String, iterVar2: String? = nil, iterRange: CELExpr, accuVar: String,
                accuInit: CELExpr, loopCondition: CELExpr, loopStep: CELExpr, result: CELExpr) {
        self.iterVar = iterVar
        self.iterVar2 = iterVar2
        self.iterRange = iterRange
        self.accuVar = accuVar
        self.accuInit = accuInit
        self.loopCondition = loopCondition
        self.loopStep = loopStep
        self.result = result
    }
}

/// A parsed expression: its root, its source, and the macro calls as written.
public struct CELAST: Sendable {
    public var root: CELExpr
    public var source: String
    /// The original macro call (e.g. `events.filter(e, ...)`) for each comprehension node id.
    public var macroCalls: [CELExprID: CELExpr]
    /// Where the token that names what a node does is written: the operator of an operator call
    /// (`*` in `a * b`), the function name of a call, the field name of a selection. Errors
    /// about a node point here; nodes without an entry use their `range`.
    public var anchors: [CELExprID: CELSourceRange]

    public init(root: CELExpr, source: String, macroCalls: [CELExprID: CELExpr] = [:],
                anchors: [CELExprID: CELSourceRange] = [:]) {
        self.root = root
        self.source = source
        self.macroCalls = macroCalls
        self.anchors = anchors
    }

    /// The range an error about `id` should point at.
    public func anchor(of expr: CELExpr) -> CELSourceRange { anchors[expr.id] ?? expr.range }
}

/// What the checker learned: the type of every node and what each identifier or call refers to.
public struct CELCheckedAST: Sendable {
    public var ast: CELAST
    public var types: [CELExprID: CELType]
    /// For `ident`/`select` nodes that name a variable: its fully qualified name (after container
    /// and dotted-name resolution). For `call` nodes: the candidate overload ids.
    public var references: [CELExprID: CELReference]

    public init(ast: CELAST, types: [CELExprID: CELType], references: [CELExprID: CELReference]) {
        self.ast = ast
        self.types = types
        self.references = references
    }

    public var resultType: CELType { types[ast.root.id] ?? .dyn }
}

/// The resolution of a name or call by the checker.
public enum CELReference: Sendable, Hashable {
    case variable(String)
    /// A constant such as a type name (`int`) resolved at check time.
    case constant(CELLiteral)
    case typeName(CELType)
    /// Matching overload ids, e.g. `["add_int64"]` (cel-go's standard overload ids).
    case overloads([String])
}
