/// Conformance tests (outside `needs_proto`) that this implementation knowingly does not
/// pass, keyed `file/section/test`, each with the reason. At most 2% of the required files'
/// tests may be listed here.
enum ConformanceSkips {
    static let reasons: [String: String] = [:]
}
