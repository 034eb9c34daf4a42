import Facts
/// One unlock: new (decided by this replay) or stored (read from the state's `unlocked`).
public struct UnlockDecision: Sendable, Hashable {
    public var id: String
    public var at: Moment
    public var points: Int
    /// The catalog version at the unlock, for module achievements.
    public var catalogVersion: Int?
    /// Why it unlocked when it did; `nil` for stored unlocks.
    public var cause: UnlockCause?

    public init(id: String, at: Moment, points: Int, catalogVersion: Int? = nil, cause: UnlockCause? = nil) {
        self.id = id
        self.at = at
        self.points = points
        self.catalogVersion = catalogVersion
        self.cause = cause
    }
}
