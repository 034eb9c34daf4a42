import CEL
import RuleModel

/// What a streak looks like at one moment (docs/rules.md, "streaks[]"): the `streaks.ID` record of CEL and the
/// decision's `streaks` entry.
package struct StreakState: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
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

    package var current: Int
    package var longest: Int
    package var totalDays: Int
    package var status: Status
    package var freezesAvailable: Int
    package var lastDay: LocalDay?

    package init(current: Int = 0, longest: Int = 0, totalDays: Int = 0, status: Status = .none,
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
    /// The `streaks.ID` record of CEL.
    package var celValue: CELValue {
        FactTypes.streakRecord.record { field in
            switch field {
            case .current: .int(Int64(current))
            case .longest: .int(Int64(longest))
            case .totalDays: .int(Int64(totalDays))
            case .status: .string(status.rawValue)
            case .freezesAvailable: .int(Int64(freezesAvailable))
            case .lastDay: lastDay.map { .string($0.description) } ?? .null
            }
        }
    }
}
