import Evaluation
import Facts
import JSON
import RuleModel

/// One user's achievements on a device, one event at a time: what an app's achievement and streak
/// services do on every check-in, task or focus session (docs/engine.md, "Sessions").
///
/// ```swift
/// var session = try EngineSession(rules: rules, state: savedState, at: launchMoment)
/// let changes = try session.record(EngineEvent(type: "task_completed", at: Date()))
/// for unlock in changes.unlocked { showBadge(unlock.id) }
/// save(session.stateJSON)                       // the unlocks are in it: never reported twice
/// ```
///
/// The session keeps its replay between steps (`LiveReplay`): a step grows the facts, the fold
/// tables and the checkpoints by the new event and judges only the checkpoints after the
/// previous step's moment, so its unlocks are the full replay's (property-tested) and are kept in
/// the state's `unlocked` list, as `eval --write-state` keeps them. An event at or before the last
/// step's moment (a late sync), a kill-time change, or going back in time replays everything.
public struct EngineSession: Sendable {
    public let rules: EngineRules
    /// The state to persist: the events recorded so far and every unlock found, with
    /// `backfill.at` fixed at the session's first evaluation.
    public var state: StateFile {
        var state = kept
        state.events = live.events
        return state
    }
    /// The decision of the last step (its `unlocks` are that step's new ones), built on demand
    /// from the kept replay: a step itself does not build it.
    public var lastDecision: Decision {
        var decision = live.decision()
        decision.unlocks = lastUnlocks
        return decision
    }
    /// What time alone would change after the last step's moment, up to the end of tomorrow
    /// (SPEC 6), and the reminders due for it (SPEC 2.9): the notifications to schedule, in place
    /// of those scheduled after the step before. Worked out when asked, from the kept replay.
    public var coming: (upcoming: [UpcomingChange], reminders: [DueReminder]) { live.coming() }
    /// `coming.upcoming`.
    public var upcoming: [UpcomingChange] { coming.upcoming }
    /// `coming.reminders`.
    public var reminders: [DueReminder] { coming.reminders }
    /// The last step's new unlocks.
    private var lastUnlocks: [UnlockDecision]
    /// Where the awards and streaks stood after the last step.
    private var standings: LiveStandings
    /// Milestone ids with their streak and days (for streak changes).
    private let milestones: [String: (streak: String, days: Int)]
    /// The state without its events: the live replay holds them, once, so that recording one
    /// appends it in place rather than copying the history.
    private var kept: StateFile
    /// The replay, kept between steps.
    private var live: LiveReplay

    /// Starts a session on a saved state (or a new user's) at `now`, usually the app's launch.
    /// Unlocks the state earns at `now` (from a backfilled history, say) are kept in the state
    /// and listed in `lastDecision.unlocks`.
    public init(rules: EngineRules, state: StateFile, at now: Moment) throws(StateFileError) {
        self.rules = rules
        var milestones: [String: (streak: String, days: Int)] = [:]
        for streak in rules.ruleSet.streaks {
            for milestone in streak.milestones { milestones[milestone.info.id] = (streak.id, milestone.days) }
        }
        self.milestones = milestones
        var state = state
        if state.backfillAt == nil {
            // As `--write-state` on a first evaluation: later steps keep this `backfill_days` cut-off.
            state.backfillAt = now
            state.setDocumentValue(.object(JSONObject([("at", .string(now.description))])), forKey: "backfill")
        }
        var live = try LiveReplay(replay: rules.replay, state: state, now: now)
        standings = live.standings()
        self.live = live
        state.events = []
        kept = state
        lastUnlocks = live.initialUnlocks
        keep(lastUnlocks)
    }

    /// A new user's session: an empty state for `userID` (with the device's zone when the rules'
    /// calendar uses the user's).
    public init(rules: EngineRules, userID: String, timeZone: String? = nil, at now: Moment) throws(StateFileError) {
        var user = JSONObject([("id", .string(userID))])
        if let timeZone { user["timezone"] = .string(timeZone) }
        let document = JSONObject([("schema", .int(1)), ("user", .object(user)), ("events", .array([]))])
        try self.init(rules: rules, state: StateFile.parse(json: JSONWriter.write(.object(document))), at: now)
    }

    /// The rules whose cost per step grows with the history: the metrics and awards with an
    /// expression that reads `events` other than through a fold, or `days` other than through a
    /// day fold (directly or through a metric). Every other rule — counts, sums, min/max,
    /// `exists`, streaks — is kept incrementally (docs/engine.md, "Cost").
    public var replayedRules: [String] { rules.replay.rulesFallingBack }

    /// The appends of the kept replay's steps that copied a shared array (debug builds): each
    /// would copy the history, so tests hold it at 0.
    package var copiedAppends: Int { live.copiedAppends }

    /// Records an event and decides at its time: the new unlocks, the progress that moved and
    /// the streak changes since the previous step. Throws, leaving the session unchanged, when the
    /// event is not a valid state-file event (errors name `events[N]`).
    public mutating func record(_ event: EngineEvent) throws(StateFileError) -> SessionChanges {
        // The new event is the file's last: `document` writes it back from `events`.
        let checked = try StateFile.event(type: event.type, at: event.at, attributes: event.attributes,
                                          index: live.events.count, file: kept.file)
        var changes = try decide(checked, at: event.at)
        changes.warnings = rules.replay.planCheck?.warnings([checked]) ?? []
        return changes
    }

    /// The changes of recording `checked`: a step of the kept replay when it can take it, else
    /// a replay of everything.
    private mutating func decide(_ checked: StateEvent, at now: Moment) throws(StateFileError) -> SessionChanges {
        if live.canStep(with: checked, to: now) {
            do {
                return try step(with: checked, to: now)
            } catch {
                // The day span grew past its limit: the replay of everything says so below.
            }
        }
        var next = state
        // Processing order: by time, equal times in file order (the new one last).
        var position = next.events.count
        while position > 0, next.events[position - 1].at.instant > checked.at.instant { position -= 1 }
        next.events.insert(checked, at: position)
        return try replayAll(next, at: now)
    }

    /// Uses a streak freeze (a `freeze_used` event): it covers yesterday, or `date`
    /// (`YYYY-MM-DD`). `streak` names the streak when several have manual freezes.
    public mutating func useFreeze(at now: Moment, streak: String? = nil, date: String? = nil) throws(StateFileError) -> SessionChanges {
        var attributes = JSONObject()
        if let date { attributes["date"] = .string(date) }
        if let streak { attributes["streak"] = .string(streak) }
        return try record(EngineEvent(type: "freeze_used", at: now, attributes: attributes))
    }

    /// Decides at `now` without an event (the app opening, a day passing): time-driven changes
    /// such as a streak at risk or broken, and unlocks at day ends.
    public mutating func advance(to now: Moment) throws(StateFileError) -> SessionChanges {
        if live.canStep(with: nil, to: now) {
            do {
                return try step(with: nil, to: now)
            } catch {
                // The day span grew past its limit: the replay of everything says so below.
            }
        }
        // Going back in time: the recorded events after `now` are left out, so replay all.
        return try replayAll(state, at: now)
    }

    /// The decision at `now` (SPEC 6), without changing the session.
    public func decision(at now: Moment) throws(StateFileError) -> Decision {
        try rules.evaluate(state, at: now)
    }

    /// `state` as the state-file JSON to persist (pretty, with a final newline); reading it back with
    /// `StateFile.parse(json:)` gives the same session.
    public var stateJSON: String { JSONWriter.write(.object(state.document), layout: .pretty(indent: 2)) + "\n" }

    /// One step of the kept replay.
    private mutating func step(with event: StateEvent?, to now: Moment) throws(StateFileError) -> SessionChanges {
        finish(try live.step(with: event, to: now))
    }

    /// A replay of `next` from the start (its stored unlocks are this session's), kept for the
    /// steps after it.
    private mutating func replayAll(_ next: StateFile, at now: Moment) throws(StateFileError) -> SessionChanges {
        live = try LiveReplay(replay: rules.replay, state: next, now: now)
        return finish(live.initialUnlocks)
    }

    /// The changes of a step that found `unlocks`, which are kept.
    private mutating func finish(_ unlocks: [UnlockDecision]) -> SessionChanges {
        let after = live.standings()
        let changes = SessionChanges(from: standings, to: after, unlocked: unlocks, milestones: milestones)
        standings = after
        lastUnlocks = unlocks
        keep(unlocks)
        return changes
    }

    /// Appends new unlocks to the state's `unlocked`, as `--write-state` writes them.
    private mutating func keep(_ unlocks: [UnlockDecision]) {
        guard !unlocks.isEmpty else { return }
        var written = kept.documentValue(forKey: "unlocked")?.arrayValue ?? []
        for unlock in unlocks {
            var entry = JSONObject([("id", .string(unlock.id)), ("at", .string(unlock.at.description))])
            if let version = unlock.catalogVersion { entry["catalog_version"] = .int(Int64(version)) }
            // The first stored unlock of an award is the one in effect: one a late event found
            // before a kept one of the same (repeatable) award goes before it.
            let later = kept.unlocked.firstIndex { $0.id == unlock.id && $0.at.instant > unlock.at.instant }
            let position = later.map { kept.unlocked[$0].index } ?? written.count
            written.insert(.object(entry), at: Swift.min(position, written.count))
            for index in kept.unlocked.indices where kept.unlocked[index].index >= position { kept.unlocked[index].index += 1 }
            kept.unlocked.insert(StoredUnlock(id: unlock.id, at: unlock.at, catalogVersion: unlock.catalogVersion,
                                              index: Swift.min(position, written.count - 1)),
                                 at: later ?? kept.unlocked.count)
        }
        kept.setDocumentValue(.array(written), forKey: "unlocked")
    }
}
