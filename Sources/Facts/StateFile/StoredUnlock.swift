/// An unlock the app already persisted (`unlocked` in the state file). Never revoked.
public struct StoredUnlock: Sendable, Hashable {
    public var id: String
    public var at: Moment
    /// The catalog version recorded with a module achievement's unlock.
    public var catalogVersion: Int?
    /// Index in the file's `unlocked` array.
    public var index: Int

    public init(id: String, at: Moment, catalogVersion: Int? = nil, index: Int = 0) {
        self.id = id
        self.at = at
        self.catalogVersion = catalogVersion
        self.index = index
    }
}
