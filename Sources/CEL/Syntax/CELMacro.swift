/// The macros of langdef ("Macros") and of cel-go's two-variable comprehension extension,
/// identified by name, call style and argument count.
enum CELMacro: Sendable, Equatable {
    case has
    case all, exists, existsOne
    case map, mapFiltered, filter
    case allTwo, existsTwo, existsOneTwo
    case transformList, transformListFiltered, transformMap, transformMapFiltered

    static func matching(function: String, hasTarget: Bool, argumentCount: Int) -> CELMacro? {
        guard hasTarget else {
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
