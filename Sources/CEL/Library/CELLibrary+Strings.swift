/// cel-go's strings extension library (`charAt`, `indexOf`, `lastIndexOf`, `lowerAscii`,
/// `upperAscii`, `replace`, `split`, `substring`, `trim`, `join`, `reverse`, `format` and
/// `strings.quote`), with cel-go's overload ids; implementations in `CELStringExtensions`.
/// Every name but `reverse` (which the lists library serves for strings too) is new to the
/// standard library.
extension CELLibrary {
    static let strings: CELLibrary = {
        let string = CELType.string
        let built = CELCostModel(result: { CELCostModel.size(of: $0) })
        let searched = CELCostModel(arguments: { CELCostModel.size(of: $0.first ?? .null) })
        var library = CELLibrary()
        library.declare("charAt", [member("string_char_at_int", [string, .int], string)],
                        .variadic(CELStringExtensions.charAt))
        library.declare("indexOf", [member("string_index_of_string", [string, string], .int),
                                    member("string_index_of_string_int", [string, string, .int], .int)],
                        .variadic { CELStringExtensions.indexOf("indexOf", $0, fromEnd: false) }, cost: searched)
        library.declare("lastIndexOf", [member("string_last_index_of_string", [string, string], .int),
                                        member("string_last_index_of_string_int", [string, string, .int], .int)],
                        .variadic { CELStringExtensions.indexOf("lastIndexOf", $0, fromEnd: true) }, cost: searched)
        // Only ASCII letters change case; every other code point is kept.
        library.declare("lowerAscii", [member("string_lower_ascii", [string], string)], .variadic {
            CELStringExtensions.mapScalars("lowerAscii", $0) { ("A"..."Z").contains($0) ? $0.value + 32 : $0.value }
        }, cost: built)
        library.declare("upperAscii", [member("string_upper_ascii", [string], string)], .variadic {
            CELStringExtensions.mapScalars("upperAscii", $0) { ("a"..."z").contains($0) ? $0.value - 32 : $0.value }
        }, cost: built)
        library.declare("replace", [member("string_replace_string_string", [string, string, string], string),
                                    member("string_replace_string_string_int", [string, string, string, .int], string)],
                        .variadic(CELStringExtensions.replace), cost: built)
        library.declare("split", [member("string_split_string", [string, string], .list(string)),
                                  member("string_split_string_int", [string, string, .int], .list(string))],
                        .variadic(CELStringExtensions.split), cost: built)
        library.declare("substring", [member("string_substring_int", [string, .int], string),
                                      member("string_substring_int_int", [string, .int, .int], string)],
                        .variadic(CELStringExtensions.substring))
        library.declare("trim", [member("string_trim", [string], string)], .variadic(CELStringExtensions.trim), cost: built)
        library.declare("join", [member("list_join", [.list(string)], string),
                                 member("list_join_string", [.list(string), string], string)],
                        .variadic(CELStringExtensions.join), cost: CELCostModel(arguments: { CELCostModel.joinedSize($0) }))
        library.declare("reverse", [member("string_reverse", [string], string)], .variadic(CELStringExtensions.reverse),
                        cost: built)
        library.declare("format", [member("string_format", [string, .list(.dyn)], string)],
                        .variadic(CELStringExtensions.format), cost: built)
        library.declare("strings.quote", [global("strings_quote", [string], string)], .variadic(CELStringExtensions.quote),
                        cost: built)
        return library
    }()
}
