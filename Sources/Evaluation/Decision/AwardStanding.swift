import Facts
/// Where one achievement or milestone stands at `now` (one entry of the decision's `achievements`).
public struct AwardStanding: Sendable, Hashable {
    public enum State: String, Sendable, Hashable {
        case locked, unlocked
    }
    public var id: String
    public var state: State
    /// The award's category ("general" by default; a milestone's is "streak" unless set).
    public var category: String
    /// `nil` while locked.
    public var unlockedAt: Moment?
    public var progress: AwardProgress
    /// True only for a hidden achievement that is still locked.
    public var hidden: Bool
    /// Module achievements that are unlocked: the catalog version recorded at the unlock.
    public var catalogVersion: Int?
    /// Module achievements: counted levels released after the unlock (absent when 0).
    public var newLevels: Int?
    /// Whether the unlock came from the state's `unlocked` list.
    public var isStored: Bool
    /// Repeatable awards: how many times it unlocked so far (stored and new); `nil` for others.
    public var times: Int?
    /// A locked award whose criterion holds at `now`: the `requires` ids not unlocked yet.
    public var waitingFor: [String]?

    public init(id: String, state: State, category: String = "general", unlockedAt: Moment?, progress: AwardProgress, hidden: Bool,
                catalogVersion: Int? = nil, newLevels: Int? = nil, isStored: Bool = false, times: Int? = nil,
                waitingFor: [String]? = nil) {
        self.times = times
        self.id = id
        self.state = state
        self.category = category
        self.unlockedAt = unlockedAt
        self.progress = progress
        self.hidden = hidden
        self.catalogVersion = catalogVersion
        self.newLevels = newLevels
        self.isStored = isStored
        self.waitingFor = waitingFor
    }
}
