/// How far a reader of the `days` records has followed their changes (`FactBuilder.dayChanges`),
/// so that a value kept per day is recomputed only for the days whose record was rebuilt.
package struct DayChangeMark: Sendable, Hashable {
    /// The builder's reset count and the ledger's generation the offsets belong to.
    var resets: Int
    var generation: Int
    /// How many logged changes were read.
    var position: Int

    /// A mark before anything was read: the first call reports every record as new.
    package static let start = DayChangeMark(resets: -1, generation: -1, position: 0)
}
