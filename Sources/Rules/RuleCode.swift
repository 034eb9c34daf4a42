/// The stable diagnostic codes of the rule layer, documented in `docs/diagnostics.md`.
/// E1xx belong to the YAML layer; E2xx structure, E3xx expressions and references,
/// E4xx values and catalogs, W4xx warnings.
public enum RuleCode {
    // Structure of the files (E2xx).
    public static let pathNotFound = "E200"
    public static let noRuleFiles = "E201"
    public static let rootNotMapping = "E202"
    public static let schemaMissing = "E203"
    public static let schemaUnsupported = "E204"
    public static let unknownKey = "E205"
    public static let missingKey = "E206"
    public static let wrongType = "E207"
    public static let invalidEnum = "E208"
    public static let exclusiveFile = "E209"
    public static let duplicateCalendar = "E210"
    public static let conflictingKeys = "E211"
    public static let invalidTimestamp = "E212"
    public static let emptyWindow = "E213"

    // Expressions and references (E3xx).
    public static let celError = "E300"
    public static let notBool = "E301"
    public static let unknownMetric = "E302"
    public static let unknownStreak = "E303"
    public static let unknownAchievement = "E304"
    public static let unknownCatalog = "E305"
    public static let unknownModule = "E306"
    public static let unknownLevel = "E307"
    public static let unknownDifficulty = "E308"
    public static let metricCycle = "E309"
    public static let requiresCycle = "E310"
    public static let notNumber = "E311"
    public static let expressionNotScalar = "E312"
    public static let expressionTooLong = "E313"

    // Values, ids and catalogs (E4xx).
    public static let invalidID = "E400"
    public static let duplicateID = "E401"
    public static let invalidTime = "E402"
    public static let killTimeAtDayStart = "E403"
    public static let unknownTimeZone = "E404"
    public static let milestoneOrder = "E405"
    public static let rankOrder = "E406"
    public static let catalogVersion = "E407"
    public static let levelRelease = "E408"
    public static let outOfRange = "E409"
    public static let baselineLevelRemoved = "E420"
    public static let baselineLevelMoved = "E421"
    public static let baselineVersionDown = "E422"
    public static let baselineReleaseChanged = "E423"
    public static let baselineCatalogRemoved = "E424"

    // Warnings (W4xx).
    public static let moduleNeverUnlocks = "W401"
}
