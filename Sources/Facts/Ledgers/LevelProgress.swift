import CEL
import RuleModel

/// What the user has done with one catalog level (docs/facts.md `levels`): merged from
/// `level_completed` events and the state file's snapshot.
package struct LevelProgress: Sendable, Hashable {
    package var completed: Bool
    /// The earliest completion.
    package var completedAt: Moment?
    package var bestTime: Double?
    package var bestMoves: Int64?
    /// Difficulties completed, in the order first seen.
    package var difficulties: [String]

    package init(completed: Bool = false, completedAt: Moment? = nil, bestTime: Double? = nil, bestMoves: Int64? = nil,
                difficulties: [String] = []) {
        self.completed = completed
        self.completedAt = completedAt
        self.bestTime = bestTime
        self.bestMoves = bestMoves
        self.difficulties = difficulties
    }

    /// Folds in one completion: the earliest time wins, best time and moves only improve.
    package mutating func complete(at moment: Moment?, difficulty: String?, time: Double?, moves: Int64?) {
        if let moment {
            if !completed || (completedAt.map { moment.instant < $0.instant } ?? false) { completedAt = moment }
        } else if !completed {
            completedAt = nil
        }
        completed = true
        merge(difficulties: difficulty.map { [$0] } ?? [], time: time, moves: moves)
    }

    mutating func merge(difficulties names: [String], time: Double?, moves: Int64?) {
        if let time { bestTime = min(bestTime ?? time, time) }
        if let moves { bestMoves = min(bestMoves ?? moves, moves) }
        for name in names where !difficulties.contains(name) { difficulties.append(name) }
    }

    /// Whether it counts as done for a module achievement (any difficulty, or the named one).
    package func isDone(difficulty: String?) -> Bool {
        completed && (difficulty.map { difficulties.contains($0) } ?? true)
    }

    /// The CEL record: `completed`, and when known `completed_at`, `best_time` (double),
    /// `best_moves` (int), `difficulties`.
    package var celValue: CELValue {
        FactTypes.levelRecord.record { field in
            switch field {
            case .completed: .bool(completed)
            case .completedAt: completedAt.map { .timestamp($0.instant) }
            case .bestTime: bestTime.map { .double($0) }
            case .bestMoves: bestMoves.map { .int($0) }
            case .difficulties: .list(CELList(difficulties.map { .string($0) }))
            }
        }
    }
}
