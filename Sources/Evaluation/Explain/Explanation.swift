import Facts
import RuleModel

/// Why one achievement or milestone stands where it does at `now` (README.md, "Command line"): its criterion with
/// the value of every sub-expression, what is missing while it is locked, and when and by which
/// event it unlocked. Built by `ExplanationBuilder`, rendered by `ExplanationTextRenderer`.
public struct Explanation: Sendable {
    public enum Criterion: Sendable, Hashable {
        /// A `when` condition: its source, its value at `now` and its sub-expressions, outermost
        /// first, each followed by its own sub-expressions.
        case condition(source: String, value: String, terms: [ExplanationTerm])
        /// A streak milestone: the streak's `current` at `now` against the milestone's days.
        case milestone(streak: String, days: Int, current: Int, status: String)
        /// `complete_module`: the module's counted released levels, done and missing, at `now`.
        case module(catalog: String, module: String, difficulty: String?, done: [String], missing: [String])
    }
    /// A `requires` entry and whether it is unlocked at `now`.
    public struct Requirement: Sendable, Hashable {
        public var id: String
        public var unlocked: Bool
        public init(id: String, unlocked: Bool) {
            self.id = id
            self.unlocked = unlocked
        }
    }

    public var info: AwardInfo
    public var now: Moment
    public var standing: AwardStanding
    public var criterion: Criterion
    public var requires: [Requirement]
    public var available: AchievementRule.Window?
    /// Whether `now` is inside `available` (true without a window).
    public var isAvailableNow: Bool
    /// Set when unlocked.
    public var unlock: ExplanationUnlock?
    /// For a locked one: what is still missing, one line each ("streak 5 of 7",
    /// "4 of 5 levels: missing nianhua_05").
    public var missing: [String]

    public init(info: AwardInfo, now: Moment, standing: AwardStanding, criterion: Criterion,
                requires: [Requirement], available: AchievementRule.Window?, isAvailableNow: Bool,
                unlock: ExplanationUnlock?, missing: [String]) {
        self.info = info
        self.now = now
        self.standing = standing
        self.criterion = criterion
        self.requires = requires
        self.available = available
        self.isAvailableNow = isAvailableNow
        self.unlock = unlock
        self.missing = missing
    }
}
