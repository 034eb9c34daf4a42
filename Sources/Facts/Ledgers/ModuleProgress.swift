/// How far a user is through one catalog module (docs/rules.md, "achievements[]" `complete_module`).
public struct ModuleProgress: Sendable, Hashable {
    /// Counted, released levels of the module that the user has done.
    public var done: Int
    /// Counted, released levels of the module.
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// Unlocks only with at least one level and every one done.
    public var isComplete: Bool { total > 0 && done == total }
}
