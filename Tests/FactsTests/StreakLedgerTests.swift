import RuleModel
import Rules
import Testing
@testable import Facts

/// Day n of May 2026 (May 1 is n = 1).
func may(_ n: Int) -> LocalDay { day("2026-05-01") + (n - 1) }

/// One streak scenario as data: qualifying days, freezes and the moment asked about.
struct StreakScenario: Sendable, CustomTestStringConvertible {
    var name: String
    var qualifying: [Int]
    var freezes: StreakRule.FreezePolicy? = nil
    var cutOff: Int? = nil
    var today: Int
    var decided = false
    var expected: StreakState
    var testDescription: String { name }

    func ledger() -> StreakLedger {
        var ledger = StreakLedger(id: "s", freezes: freezes, cutOff: cutOff.map(may))
        for number in qualifying { ledger.record(may(number), qualifies: true) }
        return ledger
    }
}

struct StreakLedgerTests {
    static let auto = StreakRule.FreezePolicy(max: 1, refillDays: 7, mode: .auto)

    static let scenarios: [StreakScenario] = [
        StreakScenario(name: "never qualified", qualifying: [], today: 5,
                       expected: StreakState(status: .none)),
        StreakScenario(name: "never qualified, freezes full", qualifying: [], freezes: auto, today: 5,
                       expected: StreakState(status: .none, freezesAvailable: 1)),
        StreakScenario(name: "run up to yesterday, today pending", qualifying: [1, 2, 3], today: 4,
                       expected: StreakState(current: 3, longest: 3, totalDays: 3, status: .atRisk, lastDay: may(3))),
        StreakScenario(name: "today qualifies", qualifying: [1, 2, 3, 4], today: 4,
                       expected: StreakState(current: 4, longest: 4, totalDays: 4, status: .active, lastDay: may(4))),
        StreakScenario(name: "today missed after its kill moment", qualifying: [1, 2, 3], today: 4, decided: true,
                       expected: StreakState(current: 0, longest: 3, totalDays: 3, status: .broken, lastDay: may(3))),
        StreakScenario(name: "a missed day breaks the run", qualifying: [1, 2, 4, 5], today: 5,
                       expected: StreakState(current: 2, longest: 2, totalDays: 4, status: .active, lastDay: may(5))),
        StreakScenario(name: "yesterday missed", qualifying: [1, 2, 3], today: 5,
                       expected: StreakState(current: 0, longest: 3, totalDays: 3, status: .broken, lastDay: may(3))),
        StreakScenario(name: "auto freeze covers one missed day", qualifying: [1, 2, 3, 5], freezes: auto, today: 6,
                       expected: StreakState(current: 4, longest: 4, totalDays: 4, status: .atRisk, freezesAvailable: 0,
                                             lastDay: may(5))),
        StreakScenario(name: "auto freeze: second miss in a window breaks", qualifying: [1, 2, 3, 6], freezes: auto, today: 6,
                       expected: StreakState(current: 1, longest: 3, totalDays: 4, status: .active, freezesAvailable: 0,
                                             lastDay: may(6))),
        StreakScenario(name: "auto freeze refills every window", qualifying: [1, 2, 3, 5, 6, 7, 8, 9, 11], freezes: auto, today: 11,
                       expected: StreakState(current: 9, longest: 9, totalDays: 9, status: .active, freezesAvailable: 0,
                                             lastDay: may(11))),
        StreakScenario(name: "auto freeze: fresh window full", qualifying: [1, 2, 3, 5, 6, 7, 8], freezes: auto, today: 9,
                       expected: StreakState(current: 7, longest: 7, totalDays: 7, status: .atRisk, freezesAvailable: 1,
                                             lastDay: may(8))),
        StreakScenario(name: "auto freeze covers today once it is missed", qualifying: [1, 2], freezes: auto, today: 3,
                       decided: true,
                       expected: StreakState(current: 2, longest: 2, totalDays: 2, status: .frozen, freezesAvailable: 0,
                                             lastDay: may(2))),
        StreakScenario(name: "backfill cut-off", qualifying: [1, 2, 3, 4, 5], cutOff: 4, today: 6,
                       expected: StreakState(current: 2, longest: 2, totalDays: 2, status: .atRisk, lastDay: may(5))),
        StreakScenario(name: "backfill cut-off after every qualifying day", qualifying: [1, 2], cutOff: 7, today: 9,
                       expected: StreakState(status: .none)),
        StreakScenario(name: "the streak grows past the cap after the cut-off", qualifying: Array(1...120), cutOff: 1, today: 120,
                       expected: StreakState(current: 120, longest: 120, totalDays: 120, status: .active, lastDay: may(120))),
        StreakScenario(name: "days after today are not counted", qualifying: [1, 2, 9], today: 3,
                       expected: StreakState(current: 2, longest: 2, totalDays: 2, status: .atRisk, lastDay: may(2))),
    ]

    @Test("streak arithmetic", arguments: scenarios)
    func arithmetic(scenario: StreakScenario) {
        var ledger = scenario.ledger()
        #expect(ledger.state(today: may(scenario.today), todayDecided: scenario.decided) == scenario.expected)
    }

    @Test("asking day by day matches asking once", arguments: scenarios)
    func incrementalWalk(scenario: StreakScenario) {
        var ledger = scenario.ledger()
        for number in 1..<scenario.today { _ = ledger.state(today: may(number), todayDecided: false) }
        #expect(ledger.state(today: may(scenario.today), todayDecided: scenario.decided) == scenario.expected)
    }

    @Test func aLateQualificationOfAWalkedDayIsSeen() {
        var ledger = StreakLedger(id: "s")
        for number in [1, 2, 4] { ledger.record(may(number), qualifies: true) }
        #expect(ledger.state(today: may(5), todayDecided: false).current == 1)
        ledger.record(may(3), qualifies: true)
        #expect(ledger.state(today: may(5), todayDecided: false) == ledger.stateWithoutCache(today: may(5), todayDecided: false))
        #expect(ledger.state(today: may(5), todayDecided: false).current == 4)
        ledger.record(may(2), qualifies: false)
        #expect(ledger.state(today: may(5), todayDecided: false).current == 2)
    }

    static let manual = StreakRule.FreezePolicy(max: 1, refillDays: 3, mode: .manual)

    @Test func manualFreezeIsChargedToTheEventsWindow() {
        var ledger = StreakLedger(id: "s", freezes: Self.manual)
        for number in [1, 2, 4] { ledger.record(may(number), qualifies: true) }
        // Day 3 is missed; the freeze sent on day 4 (window 1: days 4–6) covers it.
        #expect(ledger.useFreeze(covering: may(3), eventDay: may(4), event: 7, todayDecided: false) == nil)
        #expect(ledger.state(today: may(4), todayDecided: false)
            == StreakState(current: 3, longest: 3, totalDays: 3, status: .active, freezesAvailable: 0, lastDay: may(4)))
        // Window 2 (days 7–9) starts full again.
        #expect(ledger.state(today: may(7), todayDecided: false).freezesAvailable == 1)
    }

    @Test("manual freezes that are refused", arguments: [
        ("covers a qualifying day", 2, 4, FactWarning.Code.freezeNotNeeded),
        ("covers a day before the first qualifying day", 0, 4, .freezeNotNeeded),
        ("covers the first qualifying day itself", 1, 4, .freezeNotNeeded),
    ])
    func refused(name: String, covered: Int, eventDay: Int, code: FactWarning.Code) {
        var ledger = StreakLedger(id: "s", freezes: Self.manual)
        for number in [1, 2, 4] { ledger.record(may(number), qualifies: true) }
        #expect(ledger.useFreeze(covering: may(covered), eventDay: may(eventDay), event: 3, todayDecided: false)?.code == code)
        #expect(ledger.uses.isEmpty)
    }

    @Test func noFreezeLeftInTheWindow() {
        var ledger = StreakLedger(id: "s", freezes: StreakRule.FreezePolicy(max: 1, refillDays: 30, mode: .manual))
        for number in [1, 2, 3, 5, 6, 8] { ledger.record(may(number), qualifies: true) }
        #expect(ledger.useFreeze(covering: may(4), eventDay: may(5), event: 3, todayDecided: false) == nil)
        let refused = ledger.useFreeze(covering: may(7), eventDay: may(8), event: 6, todayDecided: false)
        #expect(refused?.code == .freezeUnavailable)
        #expect(refused?.event == 6)
        #expect(ledger.useFreeze(covering: may(4), eventDay: may(8), event: 7, todayDecided: false)?.code == .freezeNotNeeded)
    }

    @Test func reservedFreezeIsReturnedWhenTheDayQualifies() {
        var ledger = StreakLedger(id: "s", freezes: Self.manual)
        ledger.record(may(1), qualifies: true)
        ledger.record(may(2), qualifies: true)
        // Sent on day 3 for day 3 itself: not decided yet, so reserved.
        #expect(ledger.useFreeze(covering: may(3), eventDay: may(3), event: 4, todayDecided: false) == nil)
        #expect(ledger.state(today: may(3), todayDecided: false).freezesAvailable == 0)
        #expect(ledger.releasedReservationWarnings().isEmpty)
        ledger.record(may(3), qualifies: true)
        #expect(ledger.state(today: may(3), todayDecided: false).freezesAvailable == 1)
        #expect(ledger.releasedReservationWarnings().map(\.code) == [.freezeNotNeeded])
        #expect(ledger.releasedReservationWarnings().map(\.event) == [4])
    }

    @Test func reservedFreezeCoversTheDayOnceMissed() {
        var ledger = StreakLedger(id: "s", freezes: Self.manual)
        ledger.record(may(1), qualifies: true)
        ledger.record(may(2), qualifies: true)
        #expect(ledger.useFreeze(covering: may(3), eventDay: may(3), event: 4, todayDecided: false) == nil)
        #expect(ledger.state(today: may(3), todayDecided: true).status == .frozen)
        // Day 4 opens the next refill window (days 4–6).
        #expect(ledger.state(today: may(4), todayDecided: false)
            == StreakState(current: 2, longest: 2, totalDays: 2, status: .atRisk, freezesAvailable: 1, lastDay: may(2)))
        #expect(ledger.releasedReservationWarnings().isEmpty)
    }

    @Test func streakWithoutManualFreezesRefuses() {
        var ledger = StreakLedger(id: "s", freezes: Self.auto)
        ledger.record(may(1), qualifies: true)
        #expect(ledger.useFreeze(covering: may(2), eventDay: may(3), event: 0, todayDecided: false)?.code == .freezeUnavailable)
    }
}
