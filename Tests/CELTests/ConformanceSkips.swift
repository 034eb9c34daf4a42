/// Conformance tests (outside `needs_proto`) that this implementation knowingly does not
/// pass, keyed `file/section/test`, each with the reason. At most 2% of the required files'
/// tests may be listed here.
enum ConformanceSkips {
    static let reasons: [String: String] = [
        "parse/bytes_literals/triple_single_quoted_unescaped_punctuation":
            "test data artifact: the source b''' ? \" ' ` ''' has no backslash, but the JSON expects bytes "
            + "' \\? ...' (the textproto's `\\?` escape kept as a backslash by the converter for bytes_value; "
            + "the string_value twin of this test expects no backslash)",
        "parse/bytes_literals/triple_double_quoted_unescaped_punctuation":
            "test data artifact: same as triple_single_quoted_unescaped_punctuation, with \"\"\" quotes",
    ]
}
