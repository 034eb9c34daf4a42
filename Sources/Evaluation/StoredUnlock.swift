/// An unlock the app already persisted (the state file's `unlocked`, SPEC 4).
public struct StoredUnlock: Sendable, Hashable {
    public var id: String
    public var at: ReportedTime
    public var catalogVersion: Int?

    public init(id: String, at: ReportedTime, catalogVersion: Int? = nil) {
        self.id = id
        self.at = at
        self.catalogVersion = catalogVersion
    }
}
