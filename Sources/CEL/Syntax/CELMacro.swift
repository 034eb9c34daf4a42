/// The macros of langdef ("Macros") and of cel-go's two-variable comprehension extension,
/// identified by name, call style and argument count, and the math extension's
/// `math.greatest`/`math.least`, which take any number of arguments.
enum CELMacro: Sendable, Equatable {
    case has
    case all, exists, existsOne
    case map, mapFiltered, filter
    case allTwo, existsTwo, existsOneTwo
    case transformList, transformListFiltered, transformMap, transformMapFiltered
    case greatest, least

    static func matching(function: String, target: CELExpr?, argumentCount: Int) -> CELMacro? {
        if case .ident("math")? = target?.kind {
            switch function {
            case "greatest": return .greatest
            case "least": return .least
            default: break
            }
        }
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
        default: return nil
        }
    }
}
