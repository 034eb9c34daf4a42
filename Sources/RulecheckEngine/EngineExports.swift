import Evaluation
import Facts
import JSON
import RuleModel

// The types of lower layers that the engine's API hands out, named here so that an app needs
// only `import RulecheckEngine`.

/// What one evaluation decided (SPEC 6).
public typealias Decision = Evaluation.Decision
/// One new or stored unlock.
public typealias UnlockDecision = Evaluation.UnlockDecision
/// Where one achievement or milestone stands.
public typealias AwardStanding = Evaluation.AwardStanding
/// An award's progress, current of target.
public typealias AwardProgress = Evaluation.AwardProgress
/// One streak at a moment.
public typealias StreakStanding = Evaluation.StreakStanding
/// A metric with `show: true` and its value at the decision's `now`.
public typealias ShownMetric = Evaluation.ShownMetric
/// A change time alone would bring after `now` (SPEC 6, `upcoming`).
public typealias UpcomingChange = Evaluation.UpcomingChange
/// A reminder due for an upcoming change (SPEC 2.9): a notification to schedule.
public typealias DueReminder = Evaluation.DueReminder
/// Something in a state the evaluation worked around (`Decision.warnings`, `SessionChanges.warnings`).
public typealias EvaluationWarning = Evaluation.EvaluationWarning
/// A user's state file (SPEC 4): `StateFile.parse(json:)` reads one.
public typealias StateFile = Facts.StateFile
/// Why a state cannot be used, with the JSON path of the problem.
public typealias StateFileError = Facts.StateFileError
/// An instant with the UTC offset it is written in: `Moment.parse("2026-03-01T09:00:00+08:00")`.
public typealias Moment = Facts.Moment
/// Event attributes and state documents, keys in written order.
public typealias JSONObject = JSON.JSONObject
public typealias JSONValue = JSON.JSONValue
/// A checked rule set.
public typealias RuleSet = RuleModel.RuleSet
