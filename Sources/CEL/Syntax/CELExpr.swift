/// Identifies a node of one parsed expression; unique within that expression.
package typealias CELExprID = Int

/// A range of the expression source in Unicode scalar offsets: `start` inclusive, `end` exclusive.
///
/// Stored in 32 bits each (an expression is far shorter than 2³¹ scalars; a larger offset is
/// clamped; `CELParser.maxLength` is 10,000): every node carries one, and rule sets hold thousands.
package struct CELSourceRange: Sendable, Hashable {
    private var storedStart: Int32
    private var storedEnd: Int32
    package var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(clamping: newValue) }
    }
    package var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Int32(clamping: newValue) }
    }
    package init(start: Int, end: Int) {
        storedStart = Int32(clamping: start)
        storedEnd = Int32(clamping: end)
    }
}

/// A literal written in the source.
package enum CELLiteral: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
}

/// One node of the abstract syntax tree, as in cel-go's `Expr`: macros are already expanded into
/// comprehensions (the original call is kept in `CELAST.macroCalls` to explain compile errors).
package struct CELExpr: Sendable {
    package indirect enum Kind: Sendable {
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

    /// The id in 32 bits, like the range: a node is 24 bytes where parents hold it inline.
    private var storedID: Int32
    package var range: CELSourceRange
    package var kind: Kind
    package var id: CELExprID {
        get { CELExprID(storedID) }
        set { storedID = Int32(clamping: newValue) }
    }

    package init(id: CELExprID, range: CELSourceRange, kind: Kind) {
        self.storedID = Int32(clamping: id)
        self.range = range
        self.kind = kind
    }
}

/// One `key: value` entry of a map literal.
package struct CELMapEntry: Sendable {
    package var id: CELExprID
    package var key: CELExpr
    package var value: CELExpr
    package init(id: CELExprID, key: CELExpr, value: CELExpr) {
        self.id = id
        self.key = key
        self.value = value
    }
}

/// The fold that every macro (`all`, `exists`, `exists_one`, `map`, `filter`) expands to
/// (langdef "Macros"): iterate `iterRange`, binding `iterVar` (and `iterVar2` for two-variable
/// forms), starting the accumulator `accuVar` at `accuInit`, while `loopCondition` holds apply
/// `loopStep`, then evaluate `result`.
package struct CELComprehension: Sendable {
    package var iterVar: String
    package var iterVar2: String?
    package var iterRange: CELExpr
    package var accuVar: String
    package var accuInit: CELExpr
    package var loopCondition: CELExpr
    package var loopStep: CELExpr
    package var result: CELExpr

    package init(iterVar: String, iterVar2: String? = nil, iterRange: CELExpr, accuVar: String,
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
package struct CELAST: Sendable {
    package var root: CELExpr
    package var source: String
    /// The original macro call (e.g. `events.filter(e, ...)`) for each comprehension node id.
    package var macroCalls: [CELExprID: CELExpr]
    /// Where the token that names what a node does is written: the operator of an operator call
    /// (`*` in `a * b`), the function name of a call, the field name of a selection. Errors
    /// about a node point here; nodes without an entry use their `range`.
    package var anchors: [CELExprID: CELSourceRange]

    package init(root: CELExpr, source: String, macroCalls: [CELExprID: CELExpr] = [:],
                anchors: [CELExprID: CELSourceRange] = [:]) {
        self.root = root
        self.source = source
        self.macroCalls = macroCalls
        self.anchors = anchors
    }

    /// The range an error about `id` should point at.
    package func anchor(of expr: CELExpr) -> CELSourceRange { anchors[expr.id] ?? expr.range }
}

/// What the checker learned: the type of every node and what each identifier or call refers to.
package struct CELCheckedAST: Sendable {
    package var ast: CELAST
    package var types: CELNodeTable<CELType>
    /// For `ident`/`select` nodes that name a variable: its fully qualified name (after container
    /// and dotted-name resolution). For `call` nodes: the candidate overload ids.
    package var references: CELNodeTable<CELReference>

    package init(ast: CELAST, types: CELNodeTable<CELType>, references: CELNodeTable<CELReference>) {
        self.ast = ast
        self.types = types
        self.references = references
    }

    package var resultType: CELType { types[ast.root.id] ?? .dyn }
}

/// The resolution of a name or call by the checker.
package enum CELReference: Sendable, Hashable {
    case variable(String)
    /// A constant such as a type name (`int`) resolved at check time.
    case constant(CELLiteral)
    case typeName(CELType)
    /// Matching overload ids, e.g. `["add_int64"]` (cel-go's standard overload ids).
    case overloads([String])
}
