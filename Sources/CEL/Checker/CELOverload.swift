/// One signature of a function (cel-go's overload declaration). For instance (receiver-style)
/// overloads the receiver is the first parameter.
package struct CELOverload: Sendable, Hashable {
    /// A unique id such as `add_int64` or `size_string`; the evaluator dispatches on it.
    package var id: String { didSet { soleMatch = [id] } }
    /// `[id]`, made once: the checker's reference for a call that only this overload matches
    /// shares it, rather than each call of every expression holding an array of its own.
    package private(set) var soleMatch: [String]
    package var parameters: [CELType]
    package var result: CELType
    /// Names of the type parameters used in `parameters` and `result` (`.typeParam("A")`).
    package var typeParameters: [String]
    /// Called as `receiver.function(args)` rather than `function(args)`.
    package var isInstance: Bool

    package init(id: String, parameters: [CELType], result: CELType, typeParameters: [String] = [],
                isInstance: Bool = false) {
        self.id = id
        self.soleMatch = [id]
        self.parameters = parameters
        self.result = result
        self.typeParameters = typeParameters
        self.isInstance = isInstance
    }
}
