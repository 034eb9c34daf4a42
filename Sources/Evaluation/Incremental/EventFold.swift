import CEL

/// A macro over `events` — or over another fold's list — whose body reads nothing but its own
/// iteration variable. Events at or before a checkpoint are a prefix of one immutable list, so the
/// value of such a fold on every prefix can be tabulated once per replay (`EventFoldTable`)
/// instead of iterating all events again at every checkpoint.
struct EventFold: Sendable {
    /// The macro shapes the CEL parser expands (langdef "Macros"), with their bodies.
    enum Shape: Sendable {
        case all(predicate: CELExpr)
        case exists(predicate: CELExpr)
        case existsOne(predicate: CELExpr)
        case filter(predicate: CELExpr)
        case map(transform: CELExpr)
        case mapFiltered(predicate: CELExpr, transform: CELExpr)
        /// `size(events)` / `events.size()`.
        case count

        /// Whether the fold's value is a list of produced elements (which a further fold can iterate).
        var producesList: Bool {
            switch self {
            case .filter, .map, .mapFiltered: true
            case .all, .exists, .existsOne, .count: false
            }
        }
    }

    enum Source: Sendable, Hashable {
        case events
        /// The list another fold produces.
        case fold(Int)
    }

    var shape: Shape
    var source: Source
    var iterVar: String
    /// The name the rewritten expressions read its value under.
    var variable: String
    /// Programs that evaluate a body over a whole list at once (`@src.map(v, body)`), and over
    /// one element (`body` with `v` bound) for when the batch fails on an element.
    var batchPredicate: CELProgram?
    var elementPredicate: CELProgram?
    var batchTransform: CELProgram?
    var elementTransform: CELProgram?

    static let sourceVariable = "@fold_source"

    /// Whether `other` has the same value on every prefix: the same shape over the same source,
    /// with the same iteration variable and bodies written alike (node ids and source positions
    /// aside). Bodies are planned unchecked and read only the iteration variable, so what they
    /// compute depends on nothing else.
    func computesTheSame(as other: EventFold) -> Bool {
        guard source == other.source, iterVar == other.iterVar else { return false }
        switch (shape, other.shape) {
        case (.count, .count):
            return true
        case (.all(let a), .all(let b)), (.exists(let a), .exists(let b)), (.existsOne(let a), .existsOne(let b)),
             (.filter(let a), .filter(let b)), (.map(let a), .map(let b)):
            return Self.written(a, alike: b)
        case (.mapFiltered(let p, let x), .mapFiltered(let q, let y)):
            return Self.written(p, alike: q) && Self.written(x, alike: y)
        default:
            return false
        }
    }

    /// Structural equality of two expressions, ignoring node ids and source ranges.
    private static func written(_ a: CELExpr, alike b: CELExpr) -> Bool {
        func all(_ x: [CELExpr], _ y: [CELExpr]) -> Bool {
            x.count == y.count && zip(x, y).allSatisfy { written($0, alike: $1) }
        }
        switch (a.kind, b.kind) {
        case (.literal(let x), .literal(let y)):
            return x == y
        case (.ident(let x), .ident(let y)):
            return x == y
        case (.select(let x, let f, let t), .select(let y, let g, let u)):
            return f == g && t == u && written(x, alike: y)
        case (.call(let x, let f, let xs), .call(let y, let g, let ys)):
            guard f == g, all(xs, ys) else { return false }
            switch (x, y) {
            case (nil, nil): return true
            case (let x?, let y?): return written(x, alike: y)
            default: return false
            }
        case (.list(let xs), .list(let ys)):
            return all(xs, ys)
        case (.map(let xs), .map(let ys)):
            return all(xs.map(\.key), ys.map(\.key)) && all(xs.map(\.value), ys.map(\.value))
        case (.comprehension(let x), .comprehension(let y)):
            return x.iterVar == y.iterVar && x.iterVar2 == y.iterVar2 && x.accuVar == y.accuVar
                && all([x.iterRange, x.accuInit, x.loopCondition, x.loopStep, x.result],
                       [y.iterRange, y.accuInit, y.loopCondition, y.loopStep, y.result])
        default:
            return false
        }
    }

    init(shape: Shape, source: Source, iterVar: String, variable: String) {
        self.shape = shape
        self.source = source
        self.iterVar = iterVar
        self.variable = variable
        switch shape {
        case .all(let p), .exists(let p), .existsOne(let p), .filter(let p):
            (batchPredicate, elementPredicate) = Self.programs(for: p, iterVar: iterVar)
        case .map(let x):
            (batchTransform, elementTransform) = Self.programs(for: x, iterVar: iterVar)
        case .mapFiltered(let p, let x):
            (batchPredicate, elementPredicate) = Self.programs(for: p, iterVar: iterVar)
            (batchTransform, elementTransform) = Self.programs(for: x, iterVar: iterVar)
        case .count:
            break
        }
    }

    /// `@fold_source.map(v, body)` and `body` alone, planned without the checker: the body reads
    /// only `v`, which both find in the activation or the comprehension.
    private static func programs(for body: CELExpr, iterVar: String) -> (CELProgram?, CELProgram?) {
        var ids = CELExprIDs(after: body)
        let accumulator = "@fold_result"
        func node(_ kind: CELExpr.Kind) -> CELExpr { CELExpr(id: ids.next(), range: body.range, kind: kind) }
        let step = node(.call(target: nil, function: "_+_", args: [node(.ident(accumulator)), node(.list(elements: [body]))]))
        let batch = node(.comprehension(CELComprehension(
            iterVar: iterVar, iterRange: node(.ident(sourceVariable)), accuVar: accumulator,
            accuInit: node(.list(elements: [])), loopCondition: node(.literal(.bool(true))), loopStep: step,
            result: node(.ident(accumulator)))))
        let batchProgram = try? CELProgram(parsed: CELAST(root: batch, source: ""))
        let elementProgram = try? CELProgram(parsed: CELAST(root: body, source: ""))
        return (batchProgram, elementProgram)
    }
}

/// Fresh node ids for synthesized AST nodes, above every id of an existing tree.
struct CELExprIDs {
    private var last: CELExprID

    init(after tree: CELExpr) {
        last = Self.maxID(tree)
    }

    mutating func next() -> CELExprID {
        last += 1
        return last
    }

    static func maxID(_ expr: CELExpr) -> CELExprID {
        expr.children.reduce(expr.id) { Swift.max($0, maxID($1)) }
    }
}
