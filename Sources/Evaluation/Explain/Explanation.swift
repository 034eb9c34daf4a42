import Facts
import RuleModel

/// Why one achievement or milestone stands where it does at `now` (README.md, "Command line"): its criterion with
/// the value of every sub-expression, what is missing while it is locked, and when and by which
/// event it unlocked. Built by `ExplanationBuilder`, rendered by `ExplanationTextRenderer`.
package struct Explanation: Sendable {
    package enum Criterion: Sendable, Hashable {
        /// A `when` condition: its source, its value at `now` and its sub-expressions, outermost
        /// first, each followed by its own sub-expressions.
        case condition(source: String, value: String, terms: [ExplanationTerm])
        /// A streak milestone: the streak's `current` at `now` against the milestone's days.
        case milestone(streak: String, days: Int, current: Int, status: String)
        /// `complete_module`: the released levels it counts, done and missing, at `now`.
        case module(ModuleCriterion, done: [String], missing: [String])
    }
    /// A `requires` entry and whether it is unlocked at `now`.
    package struct Requirement: Sendable, Hashable {
        package var id: String
        package var unlocked: Bool
        package init(id: String, unlocked: Bool) {
            self.id = id
            self.unlocked = unlocked
        }
    }

    package var info: AwardInfo
    package var now: Moment
    package var standing: AwardStanding
    package var criterion: Criterion
    package var requires: [Requirement]
    package var available: AchievementRule.Window?
    /// Whether `now` is inside `available` (true without a window).
    package var isAvailableNow: Bool
    /// Set when unlocked.
    package var unlock: ExplanationUnlock?
    /// For a locked one: what is still missing, one line each ("streak 5 of 7",
    /// "4 of 5 levels: missing nianhua_05").
    package var missing: [String]
    /// For each `exists` and `all` of the condition over a list: the element that decides it.
    package var elements: [ExplanationElement] = []
    /// The title of the award's category when the rules have `categories` (in the rules' locale).
    package var categoryTitle: String?

    package init(info: AwardInfo, now: Moment, standing: AwardStanding, criterion: Criterion,
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
