import Evaluation

/// What one step of a session changed, for the app to show: new unlocks (a badge, a celebration),
/// progress bars that moved, and what happened to each streak.
public struct SessionChanges: Sendable, Hashable {
    /// One award whose progress moved.
    public struct Progress: Sendable, Hashable {
        public var id: String
        public var before: AwardProgress
        public var after: AwardProgress
    }

    /// One streak that changed, with what happened to it.
    public struct Streak: Sendable, Hashable {
        /// What happened to a streak, in the words of the product documents.
        public enum Event: Sendable, Hashable {
            /// A run began (the streak had no current run before).
            case started
            /// The run grew by one or more days.
            case extended
            /// Today does not qualify yet and the run ends if it does not (the grace reminder).
            case atRisk
            /// A freeze covers a missed day.
            case frozen
            /// The run ended.
            case broken
            /// A milestone of this streak unlocked.
            case milestone(id: String, days: Int)
        }
        public var id: String
        public var events: [Event]
        public var before: StreakStanding
        public var after: StreakStanding
    }

    /// The new unlocks, in time order (already kept in the session's state).
    public var unlocked: [UnlockDecision]
    /// Awards whose progress changed, in decision order.
    public var progress: [Progress]
    /// Streaks that changed, in rule order.
    public var streaks: [Streak]
    /// What is wrong with the recorded event, which is recorded and decided as given: with a
    /// tracking plan, `event_not_in_plan` for a type the plan lacks, an attribute of the wrong
    /// type or a required one missing (docs/warnings.md). Empty for `advance`.
    public var warnings: [EvaluationWarning] = []

    /// Whether nothing changed (warnings are not changes).
    public var isEmpty: Bool { unlocked.isEmpty && progress.isEmpty && streaks.isEmpty }

    /// The differences between where the awards and streaks of the same rules stood before and
    /// after a step that found `unlocked`; `milestones` gives each milestone id its streak and days.
    init(from before: LiveStandings, to after: LiveStandings, unlocked: [UnlockDecision],
         milestones: [String: (streak: String, days: Int)]) {
        self.unlocked = unlocked
        if before.ids == after.ids, before.progress.count == after.progress.count {
            // The same rules (the ids share one array): compared in place, without hashing ids.
            progress = after.ids.indices.compactMap { index in
                before.progress[index] == after.progress[index]
                    ? nil : Progress(id: after.ids[index], before: before.progress[index], after: after.progress[index])
            }
        } else {
            var beforeProgress: [String: AwardProgress] = [:]
            for (id, progress) in zip(before.ids, before.progress) { beforeProgress[id] = progress }
            progress = zip(after.ids, after.progress).compactMap { id, progress in
                guard let old = beforeProgress[id], old != progress else { return nil }
                return Progress(id: id, before: old, after: progress)
            }
        }
        var beforeStreaks: [String: StreakStanding] = [:]
        let aligned = before.streaks.count == after.streaks.count
            && zip(before.streaks, after.streaks).allSatisfy { $0.id == $1.id }
        if !aligned { for standing in before.streaks { beforeStreaks[standing.id] = standing } }
        streaks = after.streaks.indices.compactMap { index in
            let standing = after.streaks[index]
            guard let old = aligned ? before.streaks[index] : beforeStreaks[standing.id] else { return nil }
            let reached = unlocked.compactMap { unlock -> Streak.Event? in
                guard let milestone = milestones[unlock.id], milestone.streak == standing.id else { return nil }
                return .milestone(id: unlock.id, days: milestone.days)
            }
            let events = Self.events(from: old, to: standing) + reached
            return events.isEmpty && old == standing ? nil : Streak(id: standing.id, events: events, before: old, after: standing)
        }
    }

    private static func events(from old: StreakStanding, to new: StreakStanding) -> [Streak.Event] {
        var events: [Streak.Event] = []
        if old.current == 0, new.current > 0 {
            events.append(.started)
        } else if new.current > old.current {
            events.append(.extended)
        }
        if new.status != old.status {
            switch new.status {
            case "at_risk": events.append(.atRisk)
            case "frozen": events.append(.frozen)
            case "broken": events.append(.broken)
            default: break
            }
        }
        return events
    }
}
