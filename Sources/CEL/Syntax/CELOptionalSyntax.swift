/// The internal function names the parser gives cel-go's optional syntax. None can be written
/// in an expression (they are not identifiers), so they never clash with a user's function.
enum CELOptionalSyntax {
    /// `a.?b` → `_?._(a, "b")`: the field as an optional value.
    static let select = "_?._"
    /// `a[?k]` → `_[?_](a, k)`: the element or entry as an optional value.
    static let index = "_[?_]"
    /// `[?x]`: the element `x` (an optional) is left out when it has no value.
    static let element = "@optional_element"
    /// `{?k: v}`: the entry is left out when `v` (an optional) has no value.
    static let entry = "@optional_entry"
    /// The name of the optional type.
    static let typeName = "optional_type"

    static func type(_ element: CELType) -> CELType { .opaque(typeName, [element]) }
}
