/// Declarations of cel-go's strings extension library (`charAt`, `indexOf`, `lastIndexOf`,
/// `lowerAscii`, `upperAscii`, `replace`, `split`, `substring`, `trim`, `join`, `reverse`,
/// `format` and `strings.quote`), with cel-go's overload ids. Every name is new to the
/// standard library, so the two tables merge without conflict.
enum CELStringExtensionDeclarations {
    static let functions: [String: [CELOverload]] = {
        func member(_ id: String, _ parameters: [CELType], _ result: CELType) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result, isInstance: true)
        }
        let string = CELType.string
        return [
            "charAt": [member("string_char_at_int", [string, .int], string)],
            "indexOf": [member("string_index_of_string", [string, string], .int),
                        member("string_index_of_string_int", [string, string, .int], .int)],
            "lastIndexOf": [member("string_last_index_of_string", [string, string], .int),
                            member("string_last_index_of_string_int", [string, string, .int], .int)],
            "lowerAscii": [member("string_lower_ascii", [string], string)],
            "upperAscii": [member("string_upper_ascii", [string], string)],
            "replace": [member("string_replace_string_string", [string, string, string], string),
                        member("string_replace_string_string_int", [string, string, string, .int], string)],
            "split": [member("string_split_string", [string, string], .list(string)),
                      member("string_split_string_int", [string, string, .int], .list(string))],
            "substring": [member("string_substring_int", [string, .int], string),
                          member("string_substring_int_int", [string, .int, .int], string)],
            "trim": [member("string_trim", [string], string)],
            "join": [member("list_join", [.list(string)], string),
                     member("list_join_string", [.list(string), string], string)],
            "reverse": [member("string_reverse", [string], string)],
            "format": [member("string_format", [string, .list(.dyn)], string)],
            "strings.quote": [CELOverload(id: "strings_quote", parameters: [string], result: string)],
        ]
    }()
}
