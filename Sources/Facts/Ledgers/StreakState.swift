import CEL

/// What a streak looks like at one moment (SPEC 2.5): the `streaks.ID` record of CEL and the
/// decision's `streaks` entry.
public struct StreakState: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// Today qualifies.
        case active
        /// Today is missed but covered by a freeze.
        case frozen
        /// The run is alive and today is still pending.
        case atRisk = "at_risk"
        /// No live run after some qualifying day.
        case broken
        /// Never qualified.
        case none
    }

    public var current: Int
    public var longest: Int
    public var totalDays: Int
    public var status: Status
    public var freezesAvailable: Int
    public var lastDay: LocalDay?

    public init(current: Int = 0, longest: Int = 0, totalDays: Int = 0, status: Status = .none,
                freezesAvailable: Int = 0, lastDay: LocalDay? = nil) {
        self.current = current
        self.longest = longest
        self.totalDays = totalDays
        self.status = status
        self.freezesAvailable = freezesAvailable
        self.lastDay = lastDay
    }
}

extension StreakState {
    /// Field names of a `streaks.ID` record, prepared once for every record.
    private static let recordShape = CELRecordShape(fields: ["current", "longest", "total_days", "status",
                                                             "freezes_available", "last_day"])

    /// The `streaks.ID` record of CEL.
    public var celValue: CELValue {
        .map(CELMap(shape: Self.recordShape, values: [
            .int(Int64(current)), .int(Int64(longest)), .int(Int64(totalDays)), .string(status.rawValue),
            .int(Int64(freezesAvailable)), lastDay.map { .string($0.description) } ?? .null,
        ]))
    }
}
