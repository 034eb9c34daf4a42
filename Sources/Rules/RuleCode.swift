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
    public static let historyDaysReplaced = "E230"
    // Collecting the files (E220–E229).
    public static let notRegularFile = "E220"
    public static let danglingLink = "E221"
    public static let unreadableFolder = "E222"
    public static let linkLoop = "E223"
    public static let nonUTF8Name = "E224"

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

    // Workspaces, locales and tests files (E24x, E44x).
    public static let workspacePathNotFound = "E240"
    public static let workspaceEmpty = "E241"
    public static let invalidLocale = "E242"
    public static let emptyTests = "E440"
    public static let unknownExpectedID = "E441"

    // Warnings (W4xx).
    public static let moduleNeverUnlocks = "W401"
    public static let missingLocale = "W420"
}

extension RuleCode {
    /// One line per code, for SARIF rule metadata and `docs/diagnostics.md`.
    public static let summaries: [String: String] = [
        pathNotFound: "A path given on the command line does not exist",
        noRuleFiles: "A folder holds no *.yaml or *.yml file",
        rootNotMapping: "A rule file's root is not a mapping",
        schemaMissing: "A rule file has no 'schema: 1'",
        schemaUnsupported: "A rule file's schema is not 1",
        unknownKey: "Unknown key",
        missingKey: "A required key is missing",
        wrongType: "A value has the wrong type",
        invalidEnum: "A value is not one of the allowed words",
        exclusiveFile: "A catalog or tests file holds other top-level keys",
        duplicateCalendar: "More than one calendar in the rule set",
        conflictingKeys: "Two keys that exclude each other are both present",
        invalidTimestamp: "A timestamp is not RFC 3339 with a UTC offset",
        emptyWindow: "An availability window ends before it starts",
        historyDaysReplaced: "'history_days' was replaced by 'backfill_days'",
        notRegularFile: "A rule path is a FIFO, socket or device, not a regular file",
        danglingLink: "A symbolic link points to nothing",
        unreadableFolder: "A folder under the rule paths cannot be read",
        linkLoop: "Symbolic links lead back into a folder being read",
        nonUTF8Name: "A file name is not valid UTF-8",
        celError: "A CEL expression does not parse or type-check",
        notBool: "A condition is not of type bool",
        unknownMetric: "Unknown metric",
        unknownStreak: "Unknown streak",
        unknownAchievement: "Unknown achievement or milestone",
        unknownCatalog: "Unknown catalog",
        unknownModule: "Unknown module",
        unknownLevel: "Unknown level",
        unknownDifficulty: "Unknown difficulty",
        metricCycle: "Metrics use each other in a cycle",
        requiresCycle: "Achievements require each other in a cycle",
        notNumber: "A progress value is not a number",
        invalidID: "An id does not match [a-z][a-z0-9_]*",
        duplicateID: "Duplicate id",
        invalidTime: "A time of day is not HH:MM",
        killTimeAtDayStart: "The kill time equals the day start",
        unknownTimeZone: "Unknown time zone",
        milestoneOrder: "Milestone days are not strictly ascending from 1",
        rankOrder: "Rank min_points are not strictly ascending from 0",
        catalogVersion: "A catalog version is below 1",
        levelRelease: "A level release is below 1",
        outOfRange: "A number is out of its allowed range",
        baselineLevelRemoved: "A released level was removed (baseline)",
        baselineLevelMoved: "A released level moved to another module (baseline)",
        baselineVersionDown: "A catalog version went down (baseline)",
        baselineReleaseChanged: "A released level's release changed (baseline)",
        baselineCatalogRemoved: "A catalog of the baseline was removed (baseline)",
        moduleNeverUnlocks: "A module achievement can never unlock",
        workspacePathNotFound: "A path of a rule set in rulecheck.yaml does not exist",
        workspaceEmpty: "rulecheck.yaml names no rule set, or a rule set lists no path",
        invalidLocale: "A locale tag is not a BCP 47 language tag",
        emptyTests: "A tests file holds no test",
        unknownExpectedID: "A rule test expects an id the rule set does not define",
        missingLocale: "Some titles have a locale that another lacks",
    ]
}
