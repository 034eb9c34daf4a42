import RuleModel
import Testing
@testable import Facts

/// The streak calendar of the `eval --format html` page (`StreakLedger.calendar`): its days give
/// back the state the ledger reports, for every scenario of the run arithmetic.
struct StreakCalendarTests {
    /// The state the calendar's days spell: a qualifying day adds one to the run, a frozen or
    /// pending day keeps it, a missed or expired day breaks it.
    static func state(of days: [StreakDayStatus], first: LocalDay, freezesAvailable: Int) -> StreakState {
        var run = 0, longest = 0, total = 0
        var last: LocalDay?
        for (offset, status) in days.enumerated() {
            switch status {
            case .qualifying:
                run += 1
                total += 1
                longest = max(longest, run)
                last = first + offset
            case .missed, .expired: run = 0
            case .frozen, .pending: break
            }
        }
        let status: StreakState.Status = switch days.last {
        case nil: .none
        case .qualifying: .active
        case .frozen: .frozen
        case .pending: run > 0 ? .atRisk : .broken
        case .missed, .expired: .broken
        }
        return StreakState(current: run, longest: longest, totalDays: total, status: status,
                           freezesAvailable: freezesAvailable, lastDay: last)
    }

    @Test("the calendar's days give the ledger's state", arguments: StreakLedgerTests.scenarios)
    func daysGiveTheState(scenario: StreakScenario) {
        let ledger = scenario.ledger()
        let today = may(scenario.today)
        guard let calendar = ledger.calendar(today: today, todayDecided: scenario.decided) else {
            #expect(scenario.expected.status == .none)
            return
        }
        #expect(calendar.first + (calendar.days.count - 1) == today)
        #expect(calendar.days.first == .qualifying)
        let state = Self.state(of: calendar.days, first: calendar.first, freezesAvailable: scenario.expected.freezesAvailable)
        #expect(state == scenario.expected)
    }

    @Test func eachKindOfDay() {
        var ledger = StreakLedger(id: "s", freezes: StreakLedgerTests.auto)
        for number in [1, 2, 4, 7] { ledger.record(may(number), qualifies: true) }
        // Day 3 is covered by the first window's freeze, 5 and 6 are not (one per window of 7),
        // day 8 is today, not decided yet.
        let calendar = ledger.calendar(today: may(8), todayDecided: false)
        #expect(calendar?.first == may(1))
        #expect(calendar?.days == [.qualifying, .qualifying, .frozen, .qualifying, .missed, .missed, .qualifying, .pending])
        #expect(ledger.calendar(today: may(8), todayDecided: true)?.days.last == .frozen)
    }
}
