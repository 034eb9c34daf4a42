/// The macros of langdef ("Macros") and of cel-go's two-variable comprehension extension,
/// identified by name, call style and argument count, and the math extension's
/// `math.greatest`/`math.least`, which take any number of arguments, and the macros of the
/// bindings, optional values and lists extensions.
enum CELMacro: Sendable, Equatable {
    case has
    case all, exists, existsOne
    case map, mapFiltered, filter
    case allTwo, existsTwo, existsOneTwo
    case transformList, transformListFiltered, transformMap, transformMapFiltered
    case greatest, least
    /// `cel.bind(v, init, body)` (bindings extension).
    case bind
    /// `opt.optMap(v, expr)`, `opt.optFlatMap(v, expr)` (optional values).
    case optMap, optFlatMap
    /// `list.sortBy(v, key)` (lists extension).
    case sortBy

    static func matching(function: String, target: CELExpr?, argumentCount: Int) -> CELMacro? {
        if case .ident("math")? = target?.kind {
            switch function {
            case "greatest": return .greatest
            case "least": return .least
            default: break
            }
        }
        if case .ident("cel")? = target?.kind, function == "bind", argumentCount == 3 { return .bind }
        guard target != nil else {
            return function == "has" && argumentCount == 1 ? .has : nil
        }
        switch (function, argumentCount) {
        case ("all", 2): return .all
        case ("exists", 2): return .exists
        case ("exists_one", 2): return .existsOne
        case ("map", 2): return .map
        case ("map", 3): return .mapFiltered
        case ("filter", 2): return .filter
        case ("all", 3): return .allTwo
        case ("exists", 3): return .existsTwo
        case ("existsOne", 3), ("exists_one", 3): return .existsOneTwo
        case ("transformList", 3): return .transformList
        case ("transformList", 4): return .transformListFiltered
        case ("transformMap", 3): return .transformMap
        case ("transformMap", 4): return .transformMapFiltered
        case ("optMap", 2): return .optMap
        case ("optFlatMap", 2): return .optFlatMap
        case ("sortBy", 2): return .sortBy
        default: return nil
        }
    }
}
