/// The keys inside a rule test's expectations (docs/rules.md, "tests[]"): the fields of a decision's
/// part that an expectation names, spelled once for the decoder and the editor schema, and held
/// to both and to the docs by the agreement test.
package enum RuleTestExpectFields {
    /// `progress: { id: {current, target} }`.
    package enum Progress: String, RuleKey {
        case current, target

        package static let names = allCases.map(\.rawValue)
    }

    /// `streaks: { id: {…} }`: the numbers, then the texts (a text may be null).
    package enum Streak: String, RuleKey {
        case current, longest
        case totalDays = "total_days"
        case freezesAvailable = "freezes_available"
        case status
        case lastDay = "last_day"

        package static let names = allCases.map(\.rawValue)
        package static let ints: [Streak] = [.current, .longest, .totalDays, .freezesAvailable]
        package static let texts: [Streak] = [.status, .lastDay]
    }

    /// `modules: { id: {catalog_version, new_levels} }`.
    package enum Module: String, RuleKey {
        case catalogVersion = "catalog_version"
        case newLevels = "new_levels"

        package static let names = allCases.map(\.rawValue)
    }

    /// An entry of `upcoming` or `reminders`; `id` is a reminder's alone.
    package enum Coming: String, RuleKey {
        case id, at, kind, streak, day, achievement

        package static let names = allCases.map(\.rawValue)
        /// The fields of an `upcoming` entry.
        package static let upcoming = allCases.filter { $0 != .id }.map(\.rawValue)
    }
}
