import CEL

/// A macro over `events` — or over another fold's list — whose body reads nothing but its own
/// iteration variable. Events at or before a checkpoint are a prefix of one immutable list, so the
/// value of such a fold on every prefix can be tabulated once per replay (`EventFoldTable`)
/// instead of iterating all events again at every checkpoint.
///
/// A final class of constants: every table and every appended event reads its fold, and a
/// struct's copy would retain and release each of its programs and strings at each read (on a
/// session's `record` path).
final class EventFold: Sendable {
    /// The macro shapes the CEL parser expands (`CELMacroShape`), with their bodies, and the count.
    enum Shape: Sendable {
        case all(predicate: CELExpr)
        case exists(predicate: CELExpr)
        case existsOne(predicate: CELExpr)
        case filter(predicate: CELExpr)
        case map(transform: CELExpr)
        case mapFiltered(predicate: CELExpr, transform: CELExpr)
        /// `size(events)` / `events.size()`.
        case count
        /// `sum()`, `min()` or `max()` of another fold's list (`CELListReduction`).
        case reduction(CELListReduction)
        /// The best day of the events (`DailyFold`), over `events`.
        case daily(DailyFold)

        init(_ macro: CELMacroShape) {
            switch macro {
            case .all(let p): self = .all(predicate: p)
            case .exists(let p): self = .exists(predicate: p)
            case .existsOne(let p): self = .existsOne(predicate: p)
            case .filter(let p): self = .filter(predicate: p)
            case .map(let x): self = .map(transform: x)
            case .mapFiltered(let p, let x): self = .mapFiltered(predicate: p, transform: x)
            }
        }

        /// The predicate and transform, in that order (none for the count).
        var bodies: [CELExpr] {
            switch self {
            case .all(let p), .exists(let p), .existsOne(let p), .filter(let p): [p]
            case .map(let x): [x]
            case .mapFiltered(let p, let x): [p, x]
            case .count, .reduction, .daily: []
            }
        }

        /// The predicate, for the shapes that have one.
        var predicate: CELExpr? {
            switch self {
            case .all(let p), .exists(let p), .existsOne(let p), .filter(let p), .mapFiltered(let p, _): p
            case .map, .count, .reduction, .daily: nil
            }
        }

        /// Whether the fold's value is a list of produced elements (which a further fold can iterate).
        var producesList: Bool {
            switch self {
            case .filter, .map, .mapFiltered: true
            case .all, .exists, .existsOne, .count, .reduction, .daily: false
            }
        }
    }

    enum Source: Sendable, Hashable {
        case events
        /// The list another fold produces.
        case fold(Int)
    }

    let shape: Shape
    let source: Source
    let iterVar: String
    /// The name the rewritten expressions read its value under.
    let variable: String
    /// Programs that evaluate a body over a whole list at once (`@src.map(v, body)`), and over
    /// one element (`body` with `v` bound) for when the batch fails on an element.
    let batchPredicate: CELProgram?
    let elementPredicate: CELProgram?
    let batchTransform: CELProgram?
    let elementTransform: CELProgram?
    /// For a predicate over `events` that is `e.type == "T"`, or starts with it (`e.type == "T" &&
    /// …`): T. The predicate is false on every event of another type (`false && x` is false
    /// in CEL whatever x gives), so only the events of type T are evaluated.
    let typeGuard: String?
    /// Whether the predicate is the type comparison alone: its value is then known from the type.
    let typeGuardIsWhole: Bool
    /// What an element program binds: the iteration variable (planned once, so binding one
    /// element hashes no name).
    let elementBinding: CELRecordShape

    static let sourceVariable = "@fold_source"

    /// A fold found in an expression, before it is registered: what it computes, without the
    /// programs, which only a fold not registered already needs.
    struct Candidate {
        let shape: Shape
        let source: Source
        let iterVar: String

        /// Folds with equal keys have the same value on every prefix: the same shape over the same
        /// source, with the same iteration variable and bodies written alike (node ids and source
        /// positions aside). Bodies are planned unchecked and read only the iteration variable, so
        /// what they compute depends on nothing else. Hashable, so a planner finds a fold already
        /// registered without comparing it with every other.
        struct SharingKey: Hashable {
            let source: Source
            let iterVar: String
            /// The shape's case; its bodies are compared as written.
            let shape: String
            let reduction: CELListReduction?
            let bodies: [CELWrittenForm]
        }

        /// `nil` for a fold never shared: rule sets rarely write one best day (`DailyFold`) twice.
        var sharingKey: SharingKey? {
            let reduction: CELListReduction?
            switch shape {
            case .daily: return nil
            case .reduction(let r): reduction = r
            default: reduction = nil
            }
            let name = switch shape {
            case .all: "all"
            case .exists: "exists"
            case .existsOne: "existsOne"
            case .filter: "filter"
            case .map: "map"
            case .mapFiltered: "mapFiltered"
            case .count: "count"
            case .reduction: "reduction"
            case .daily: "daily"
            }
            return SharingKey(source: source, iterVar: iterVar, shape: name, reduction: reduction,
                              bodies: shape.bodies.map(CELWrittenForm.init))
        }
    }

    /// The fold `candidate` describes, read as `variable`; `elementBinding` binds its iteration
    /// variable (folds over the same variable share one).
    init(_ candidate: Candidate, variable: String, elementBinding: CELRecordShape) {
        let (shape, source, iterVar) = (candidate.shape, candidate.source, candidate.iterVar)
        self.shape = shape
        self.source = source
        self.iterVar = iterVar
        self.variable = variable
        self.elementBinding = elementBinding
        if source == .events, let predicate = shape.predicate {
            typeGuard = Self.typeGuard(of: predicate, iterVar: iterVar)
            let isComparison = if case .call(nil, "_==_", _) = predicate.kind { true } else { false }
            typeGuardIsWhole = isComparison && typeGuard != nil
        } else {
            (typeGuard, typeGuardIsWhole) = (nil, false)
        }
        (batchPredicate, elementPredicate) = switch shape {
        case .all(let p), .exists(let p), .existsOne(let p), .filter(let p), .mapFiltered(let p, _):
            Self.programs(for: p, iterVar: iterVar)
        case .map, .count, .reduction, .daily: (nil, nil)
        }
        (batchTransform, elementTransform) = switch shape {
        case .map(let x), .mapFiltered(_, let x): Self.programs(for: x, iterVar: iterVar)
        case .all, .exists, .existsOne, .filter, .count, .reduction, .daily: (nil, nil)
        }
    }

    /// `fold` read under another name (what registering it in a plan gives it); `guarded: false`
    /// drops its type guard, so that every event is evaluated (what the guard must not change).
    init(_ fold: EventFold, variable: String? = nil, guarded: Bool = true) {
        (shape, source, iterVar, self.variable) = (fold.shape, fold.source, fold.iterVar, variable ?? fold.variable)
        (batchPredicate, elementPredicate, batchTransform, elementTransform) =
            (fold.batchPredicate, fold.elementPredicate, fold.batchTransform, fold.elementTransform)
        (typeGuard, typeGuardIsWhole) = guarded ? (fold.typeGuard, fold.typeGuardIsWhole) : (nil, false)
        elementBinding = fold.elementBinding
    }

    /// T when `predicate` is `v.type == "T"` (either side), or `&&`s whose leftmost leaf is.
    private static func typeGuard(of predicate: CELExpr, iterVar: String) -> String? {
        var leftmost = predicate
        while case .call(nil, "_&&_", let args) = leftmost.kind, args.count == 2 { leftmost = args[0] }
        guard case .call(nil, "_==_", let args) = leftmost.kind, args.count == 2 else { return nil }
        func isType(_ e: CELExpr) -> Bool {
            if case .select(let operand, "type", false) = e.kind, case .ident(let name) = operand.kind { return name == iterVar }
            return false
        }
        func literal(_ e: CELExpr) -> String? {
            if case .literal(.string(let text)) = e.kind { return text }
            return nil
        }
        if isType(args[0]), let text = literal(args[1]) { return text }
        if isType(args[1]), let text = literal(args[0]) { return text }
        return nil
    }

    /// `@fold_source.map(v, body)` and `body` alone, planned without the checker: the body reads
    /// only `v`, which both find in the activation or the comprehension.
    private static func programs(for body: CELExpr, iterVar: String) -> (CELProgram?, CELProgram?) {
        var ids = CELExprIDAllocator(after: body)
        let source = CELExpr(id: ids.next(), range: body.range, kind: .ident(sourceVariable))
        let batch = CELComprehension.mapping(body, over: source, iterVar: iterVar, ids: &ids)
        let batchProgram = try? CELProgram(parsed: CELAST(root: batch, source: ""))
        let elementProgram = try? CELProgram(parsed: CELAST(root: body, source: ""))
        return (batchProgram, elementProgram)
    }
}
