/// A library of CEL functions: the standard definitions of langdef and cel-go's extension
/// libraries (strings, math, lists, optional values), each declared once per function
/// (`CELFunctionDeclaration`). The checker's built-in declarations (`CELEnvironment`), the
/// planner's implementations (`CELStandardLibrary.function(named:)`) and the cost model
/// (`CELCostModel.model(for:)`) are made from `all`, so a function's name, types,
/// implementation and cost cannot drift apart.
struct CELLibrary: Sendable {
    /// The library's functions in declaration order.
    private(set) var functions: [CELFunctionDeclaration] = []

    /// Declares `name`; a name declared twice in one library has both declarations' overloads
    /// (the later implementation and cost win, as across libraries).
    mutating func declare(_ name: String, _ overloads: [CELOverload], _ implementation: CELFunction? = nil,
                          cost: CELCostModel? = nil) {
        functions.append(CELFunctionDeclaration(name: name, overloads: overloads, implementation: implementation, cost: cost))
    }

    /// Every library an environment has, in the order their overloads are offered to the checker.
    /// A name in two libraries (`_[_]` of optional values, `reverse` of strings and lists) has the
    /// overloads of both, and the implementation and cost of the later one, which serves both.
    static let all: [CELLibrary] = [standard, strings, math, lists, optional]

    /// The checker's built-in functions: every declared overload, by name.
    static let declarations: [String: [CELOverload]] = {
        var table: [String: [CELOverload]] = [:]
        for function in all.lazy.flatMap(\.functions) where !function.overloads.isEmpty {
            table[function.name, default: []] += function.overloads
        }
        return table
    }()

    /// The runtime's implementations, by name.
    static let implementations: [String: CELFunction] = {
        var table: [String: CELFunction] = [:]
        for function in all.lazy.flatMap(\.functions) {
            if let implementation = function.implementation { table[function.name] = implementation }
        }
        return table
    }()

    /// The cost models, by name (a name without one costs just its node).
    static let costs: [String: CELCostModel] = {
        var table: [String: CELCostModel] = [:]
        for function in all.lazy.flatMap(\.functions) {
            if let cost = function.cost { table[function.name] = cost }
        }
        return table
    }()
}
