/// One entry of the state file's `levels` snapshot: what the app already knows about a level.
public struct LevelSnapshot: Sendable, Hashable {
    public var level: String
    public var completed: Bool
    /// From when the entry counts; `nil` means from the start of history.
    public var completedAt: Moment?
    public var bestTime: Double?
    public var bestMoves: Int64?
    public var difficulties: [String]

    public init(level: String, completed: Bool, completedAt: Moment? = nil, bestTime: Double? = nil,
                bestMoves: Int64? = nil, difficulties: [String] = []) {
        self.level = level
        self.completed = completed
        self.completedAt = completedAt
        self.bestTime = bestTime
        self.bestMoves = bestMoves
        self.difficulties = difficulties
    }
}
