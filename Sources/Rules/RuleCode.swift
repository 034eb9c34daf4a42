/// The stable diagnostic codes of the rule layer, documented in `docs/diagnostics.md`.
/// E1xx belong to the YAML layer; E2xx structure, E3xx expressions and references,
/// E4xx values and catalogs, W4xx warnings.
package enum RuleCode {
    // Structure of the files (E2xx).
    package static let pathNotFound = "E200"
    package static let noRuleFiles = "E201"
    package static let rootNotMapping = "E202"
    package static let schemaMissing = "E203"
    package static let schemaUnsupported = "E204"
    package static let unknownKey = "E205"
    package static let missingKey = "E206"
    package static let wrongType = "E207"
    package static let invalidEnum = "E208"
    package static let exclusiveFile = "E209"
    package static let duplicateCalendar = "E210"
    package static let conflictingKeys = "E211"
    package static let invalidTimestamp = "E212"
    package static let emptyWindow = "E213"
    package static let historyDaysReplaced = "E230"
    // Reminders (E25x).
    package static let invalidDuration = "E250"
    package static let reminderStreakWithoutStreakKind = "E251"
    package static let reminderKeyOfOtherKind = "E252"
    // Collecting the files (E220–E229).
    package static let notRegularFile = "E220"
    package static let danglingLink = "E221"
    package static let unreadableFolder = "E222"
    package static let linkLoop = "E223"
    package static let nonUTF8Name = "E224"

    // Expressions and references (E3xx).
    package static let celError = "E300"
    package static let notBool = "E301"
    package static let unknownMetric = "E302"
    package static let unknownStreak = "E303"
    package static let unknownAchievement = "E304"
    package static let unknownCatalog = "E305"
    package static let unknownModule = "E306"
    package static let unknownLevel = "E307"
    package static let unknownDifficulty = "E308"
    package static let metricCycle = "E309"
    package static let requiresCycle = "E310"
    package static let notNumber = "E311"
    package static let unknownCategory = "E312"
    package static let unknownEventAttribute = "E313"
    package static let unknownEventType = "E314"

    // Values, ids and catalogs (E4xx).
    package static let invalidID = "E400"
    package static let duplicateID = "E401"
    package static let invalidTime = "E402"
    package static let killTimeAtDayStart = "E403"
    package static let unknownTimeZone = "E404"
    package static let milestoneOrder = "E405"
    package static let rankOrder = "E406"
    package static let catalogVersion = "E407"
    package static let levelRelease = "E408"
    package static let outOfRange = "E409"
    package static let baselineLevelRemoved = "E420"
    package static let baselineLevelMoved = "E421"
    package static let baselineVersionDown = "E422"
    package static let baselineReleaseChanged = "E423"
    package static let baselineCatalogRemoved = "E424"

    // Workspaces, locales and tests files (E24x, E44x).
    package static let workspacePathNotFound = "E240"
    package static let workspaceEmpty = "E241"
    package static let invalidLocale = "E242"
    package static let workspaceExample = "E243"
    package static let emptyTests = "E440"
    package static let unknownExpectedID = "E441"

    // The tracking plan, `events` (E45x).
    package static let unknownAttributeType = "E450"
    package static let fixedEventName = "E451"
    package static let reservedAttributeRedeclared = "E452"
    package static let duplicateEventPlan = "E453"

    // Warnings (W4xx).
    package static let moduleNeverUnlocks = "W401"
    package static let missingLocale = "W420"

    // Lints: rules that load but cannot do what their author meant (W43x).
    package static let constantCondition = "W430"
    package static let neverUnlocks = "W431"
    package static let repeatsNever = "W432"
    package static let progressTarget = "W433"
    package static let sameCriterion = "W434"
    package static let attributeOutsideEventType = "W436"
}

extension RuleCode {
    /// One line per code, for SARIF rule metadata and `docs/diagnostics.md`.
    package static let summaries: [String: String] = [
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
        invalidDuration: "A duration is not like 30m, 4h, 1h30m or 2d",
        reminderStreakWithoutStreakKind: "A reminder names a streak but is not on a streak kind",
        reminderKeyOfOtherKind: "A reminder has a key of the other sort of reminder (daily or on a change)",
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
        unknownCategory: "An award's category is not one of the rule set's categories",
        unknownEventAttribute: "An event attribute the tracking plan does not declare",
        unknownEventType: "An event type the tracking plan does not declare",
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
        workspaceExample: "The example state of a rule set in rulecheck.yaml does not exist or cannot be read",
        emptyTests: "A tests file holds no test",
        unknownExpectedID: "A rule test expects an id the rule set does not define",
        unknownAttributeType: "An event attribute's type is not int, double, number, string, bool, timestamp, list or map",
        fixedEventName: "An event attribute is named type, at or a name rulecheck computes for every event",
        reservedAttributeRedeclared: "A reserved event type's own attribute is declared again",
        duplicateEventPlan: "More than one 'events' in the rule set",
        missingLocale: "Some titles have a locale that another lacks",
        constantCondition: "A condition has the same value for every state",
        neverUnlocks: "An achievement requires one that can never unlock, or that cannot unlock within its window",
        repeatsNever: "A repeatable award whose criterion never turns false once true",
        progressTarget: "A progress target is not the threshold of its 'when'",
        sameCriterion: "Two achievements have the same criterion",
        attributeOutsideEventType: "An event attribute read where the event's type cannot have it",
    ]
}
