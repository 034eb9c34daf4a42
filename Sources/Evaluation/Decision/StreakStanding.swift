/// One streak at `now` (docs/rules.md, "streaks[]"), as reported in the decision.
public struct StreakStanding: Sendable, Hashable {
    public var id: String
    public var current: Int
    public var longest: Int
    public var totalDays: Int
    /// `active`, `frozen`, `at_risk`, `broken` or `none`.
    public var status: String
    public var freezesAvailable: Int
    /// The last qualifying day, `YYYY-MM-DD`.
    public var lastDay: String?

    public init(id: String, current: Int, longest: Int, totalDays: Int, status: String,
                freezesAvailable: Int, lastDay: String?) {
        self.id = id
        self.current = current
        self.longest = longest
        self.totalDays = totalDays
        self.status = status
        self.freezesAvailable = freezesAvailable
        self.lastDay = lastDay
    }
}
