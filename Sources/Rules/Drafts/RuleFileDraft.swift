/// One rule file decoded but not yet checked across files nor compiled: expressions are still
/// YAML scalars, and every name carries where it is written.
struct RuleFileDraft: Sendable {
    var file: String
    var calendar: CalendarDraft?
    var metrics: [MetricDraft] = []
    var streaks: [StreakDraft] = []
    var achievements: [AchievementDraft] = []
    var ranks: [RankDraft] = []
    var catalogs: [CatalogDraft] = []
    var categories: [CategoryDraft] = []
    var tests: [RuleTestCase] = []
    var reminders: [ReminderDraft] = []
    /// The tracking plan, when this file has `events`.
    var events: EventPlanDraft?
    /// Achievement and milestone ids in order of appearance.
    var awardOrder: [String] = []
    /// Names written in this file that the draft does not hold (entries that could not be decoded).
    var unread = UnreadNames()

    init(file: String) { self.file = file }
}
