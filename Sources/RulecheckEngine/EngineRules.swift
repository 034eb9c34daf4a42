import Evaluation
import Facts
import Foundation
import JSON
import RuleModel

/// A rule set ready to evaluate states: decoded from a compiled bundle (on a device) or taken from
/// the YAML loader (on CI or a server), and planned once for every state evaluated with it.
///
/// ```swift
/// let rules = try EngineRules(bundleAt: Bundle.main.path(forResource: "rules", ofType: "json")!)
/// let state = try StateFile.parse(json: savedText)
/// let decision = try rules.evaluate(state, at: Moment.parse("2026-03-01T09:00:00+08:00").get())
/// for unlock in decision.unlocks { print(unlock.id, unlock.points) }
/// ```
public struct EngineRules: Sendable {
    /// The rules as the engine reads them.
    public let ruleSet: RuleSet
    /// The rule set planned once (folds, expression slots, award plans).
    let replay: Replay

    /// Rules already loaded and checked (by `RuleSetLoader` in the `Rules` module, for example).
    public init(_ ruleSet: RuleSet) {
        self.ruleSet = ruleSet
        replay = Replay(rules: ruleSet)
    }

    /// The rules of a compiled bundle (`rulecheck compile`), every expression compiled again.
    /// - Parameter file: how errors name the bundle.
    public init(bundle bytes: [UInt8], file: String = "") throws(RuleBundleError) {
        self.init(try RuleBundle.decode(bytes, file: file))
    }

    /// The rules of the compiled bundle at `path`.
    public init(bundleAt path: String) throws(RuleBundleError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RuleBundleError(file: path, path: .root, message: "cannot read the file")
        }
        try self.init(bundle: [UInt8](data), file: path)
    }

    /// The bundle text of these rules (what `rulecheck compile` writes).
    public var bundleJSON: String { RuleBundle.json(of: ruleSet) }

    /// The rule set's award categories in rule order, titles in `locale` (exact tag, then the same
    /// language, then the default text); empty when the rules have none.
    public func categories(locale: String? = nil) -> [AwardCategory] {
        ruleSet.categories.map { AwardCategory($0.localized(to: locale)) }
    }

    /// Every achievement and milestone id, in the order decisions list them.
    public var awardIDs: [String] { replay.awardIDs }

    /// A reminder's title in `locale` (exact tag, then the same language, then the default), for
    /// the notification's text; `nil` for an id the rules do not define.
    public func reminderTitle(_ id: String, locale: String? = nil) -> String? {
        ruleSet.reminders.first { $0.id == id }?.localizedTitle.text(for: locale)
    }

    /// A reminder's `meta` as written in the rules (`nil` without one).
    public func reminderMeta(_ id: String) -> JSONValue? {
        ruleSet.reminders.first { $0.id == id }?.meta.map(RuleBundleEncoder.meta)
    }

    /// Replays a state at `now` and decides (docs/evaluation.md): what unlocks, where every award and streak
    /// stands, points and rank. Throws when the state cannot be placed on the calendar (a missing
    /// `user.timezone` the rules need, a history over 100 years).
    public func evaluate(_ state: StateFile, at now: Moment) throws(StateFileError) -> Decision {
        try UserEvaluation(replay: replay, state: state, now: now, keepsBindings: false).decision
    }
}
