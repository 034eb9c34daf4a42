import Facts
/// What one evaluation decided for one user (docs/evaluation.md, "The decision"): the new unlocks, where every achievement and
/// milestone stands, the streaks, points, rank and warnings. Renderers live in `Output`.
public struct Decision: Sendable, Hashable {
    public var schema: Int
    /// The state file's `user.id`.
    public var user: String
    public var now: Moment
    /// New unlocks only (never the stored ones), ordered by time, then id.
    public var unlocks: [UnlockDecision]
    /// Every achievement and milestone in `RuleSet.awardOrder`.
    public var achievements: [AwardStanding]
    /// Every streak in rule order.
    public var streaks: [StreakStanding]
    /// Sum of `points` over every unlocked achievement and milestone, stored unlocks included.
    public var points: Int
    /// `nil` when the rule set has no ranks.
    public var rank: RankStanding?
    /// The metrics marked `show: true`, in dependency order, with their values at `now`.
    public var metrics: [ShownMetric]
    public var warnings: [EvaluationWarning]
    /// What time alone would change after `now`, up to the end of tomorrow (docs/evaluation.md), by time,
    /// kind and id.
    public var upcoming: [UpcomingChange] = []
    /// The reminders due for `upcoming`, after `now`, by time and id (docs/rules.md, `reminders[]`).
    public var reminders: [DueReminder] = []

    public init(schema: Int = 1, user: String, now: Moment, unlocks: [UnlockDecision],
                achievements: [AwardStanding], streaks: [StreakStanding], points: Int,
                rank: RankStanding?, metrics: [ShownMetric] = [], warnings: [EvaluationWarning]) {
        self.schema = schema
        self.user = user
        self.now = now
        self.unlocks = unlocks
        self.achievements = achievements
        self.streaks = streaks
        self.points = points
        self.rank = rank
        self.metrics = metrics
        self.warnings = warnings
    }

    /// The standing of one achievement or milestone by id.
    public func achievement(_ id: String) -> AwardStanding? {
        achievements.first { $0.id == id }
    }
}
