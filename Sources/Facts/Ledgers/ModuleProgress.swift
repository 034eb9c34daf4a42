/// How far a user is through one catalog module (docs/rules.md, "achievements[]" `complete_module`).
package struct ModuleProgress: Sendable, Hashable {
    /// Counted, released levels of the module that the user has done.
    package var done: Int
    /// Counted, released levels of the module.
    package var total: Int

    package init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// Unlocks only with at least one level and every one done.
    package var isComplete: Bool { total > 0 && done == total }
}
