/// The stable codes of the YAML source layer (`E100`–`E199`), documented in
/// `docs/diagnostics-yaml.md`.
package enum YAMLDiagnosticCode: String, Sendable, CaseIterable {
    // The file as a whole.
    case syntaxError = "E100"
    case fileTooLarge = "E101"
    case unreadableFile = "E102"
    case duplicateKey = "E103"
    case invalidUTF8 = "E104"
    case emptyFile = "E105"
    case multipleDocuments = "E106"
    // Anchors, aliases, merge keys and bounds.
    case undefinedAlias = "E107"
    case expansionTooLarge = "E108"
    case nestingTooDeep = "E109"
    case integerOutOfRange = "E110"
    case invalidMerge = "E111"
    case recursiveAlias = "E112"
    case invalidTaggedValue = "E113"
    case nonCoreTag = "E114"
    // CEL-in-YAML traps: what YAML did to a value that should have been an expression.
    case expressionIsTagged = "E120"
    case expressionIsAlias = "E121"
    case expressionHasAnchor = "E122"
    case expressionIsFlowCollection = "E123"
    case expressionIsNotScalar = "E124"
    case expressionCutByComment = "E125"
    case expressionIsEmpty = "E126"
    case expressionSwallowsItems = "E127"

    /// The code as written in diagnostics.
    package var code: String { rawValue }
}
