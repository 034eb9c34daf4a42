/// An event of the state file as the replay sees it: when it happened and where it is in the file.
public struct TimelineEvent: Sendable, Hashable {
    /// Its `at`, in its own written offset.
    public var at: ReportedTime
    /// Index in the state file's `events` array.
    public var index: Int

    public init(at: ReportedTime, index: Int) {
        self.at = at
        self.index = index
    }
}
