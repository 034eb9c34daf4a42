import Foundation
import JSON
import RuleModel
import Rules
import Testing
@testable import Facts

func moment(_ text: String) -> Moment {
    (try? Moment.parse(text).get()) ?? Moment(instant: .init(seconds: 0), offsetSeconds: 0)
}

func day(_ text: String) -> LocalDay { LocalDay(text) ?? LocalDay(number: 0) }

func zoned(_ name: String, dayStarts: String = "00:00", kill: String? = nil,
           late: CalendarRule.LatePolicy = .exclude) -> LocalCalendar {
    LocalCalendar(zone: TimeZone(identifier: name).map(LocalCalendar.Zone.named) ?? .eventOffset,
                  dayStarts: LocalTime(dayStarts) ?? LocalTime(minutes: 0), killTime: kill.flatMap(LocalTime.init), late: late)
}

func eventOffset(dayStarts: String = "00:00", kill: String? = nil, late: CalendarRule.LatePolicy = .exclude) -> LocalCalendar {
    LocalCalendar(zone: .eventOffset, dayStarts: LocalTime(dayStarts) ?? LocalTime(minutes: 0),
                  killTime: kill.flatMap(LocalTime.init), late: late)
}

struct LocalCalendarTests {
    @Test("local day of an instant", arguments: [
        // timezone: event — read in the instant's own offset; a traveller's days follow them.
        ("event", "00:00", "2026-03-01T23:30:00+08:00", "2026-03-01"),
        ("event", "00:00", "2026-03-02T20:00:00-05:00", "2026-03-02"),
        ("event", "04:00", "2026-03-03T03:59:59-05:00", "2026-03-02"),
        ("event", "04:00", "2026-03-03T04:00:00-05:00", "2026-03-03"),
        // An IANA zone for everyone.
        ("Asia/Shanghai", "00:00", "2026-03-01T20:00:00Z", "2026-03-02"),
        ("Asia/Shanghai", "00:00", "2026-03-01T15:59:59Z", "2026-03-01"),
        ("America/New_York", "00:00", "2026-07-01T03:59:00Z", "2026-06-30"),
        ("America/New_York", "00:00", "2026-01-01T04:59:00Z", "2025-12-31"),
        ("America/New_York", "04:00", "2026-11-01T08:30:00Z", "2026-10-31"),
    ])
    func localDay(zone: String, dayStarts: String, instant: String, expected: String) {
        let calendar = zone == "event" ? eventOffset(dayStarts: dayStarts) : zoned(zone, dayStarts: dayStarts)
        #expect(calendar.calendarDay(of: moment(instant)).description == expected)
    }

    @Test("days are 23 or 25 hours long across daylight saving", arguments: [
        ("America/New_York", "2026-03-08", "00:00", 23),
        ("America/New_York", "2026-11-01", "00:00", 25),
        ("America/New_York", "2026-03-09", "00:00", 24),
        ("Europe/Berlin", "2026-03-29", "00:00", 23),
        ("Europe/Berlin", "2026-10-25", "00:00", 25),
        ("America/New_York", "2026-03-07", "04:00", 23),
        ("Asia/Shanghai", "2026-03-08", "00:00", 24),
    ])
    func dayLength(zone: String, date: String, dayStarts: String, hours: Int) {
        let calendar = zoned(zone, dayStarts: dayStarts)
        let start = calendar.instant(of: calendar.start(of: day(date)), offsetHint: 0)
        let end = calendar.instant(of: calendar.end(of: day(date)), offsetHint: 0)
        #expect(end.instant.seconds - start.instant.seconds == Int64(hours * 3600))
    }

    @Test("wall-clock times resolve through the zone", arguments: [
        // Skipped by spring forward: the first instant after the gap.
        ("America/New_York", "2026-03-08", 2 * 3600 + 1800, "2026-03-08T03:00:00-04:00"),
        // Repeated by fall back: the first occurrence.
        ("America/New_York", "2026-11-01", 3600 + 1800, "2026-11-01T01:30:00-04:00"),
        ("Europe/Berlin", "2026-03-29", 2 * 3600 + 15 * 60, "2026-03-29T03:00:00+02:00"),
        ("Europe/Berlin", "2026-10-25", 2 * 3600 + 30 * 60, "2026-10-25T02:30:00+02:00"),
        ("Asia/Shanghai", "2026-10-25", 20 * 3600, "2026-10-25T20:00:00+08:00"),
    ])
    func resolve(zone: String, date: String, seconds: Int, expected: String) {
        let calendar = zoned(zone)
        let resolved = calendar.instant(of: LocalDateTime(day: day(date), secondsIntoDay: Int64(seconds)), offsetHint: 0)
        #expect(resolved.description == expected)
    }

    @Test("kill time lies within the day's span", arguments: [
        ("04:00", "20:00", "2026-01-07T20:00:00"),
        ("04:00", "02:00", "2026-01-08T02:00:00"),
        ("00:00", "23:59", "2026-01-07T23:59:00"),
        ("04:00", nil, "2026-01-08T04:00:00"),
    ] as [(String, String?, String)])
    func killDateTime(dayStarts: String, kill: String?, expected: String) {
        let calendar = eventOffset(dayStarts: dayStarts)
        #expect(calendar.killDateTime(of: day("2026-01-07"), killTime: kill.flatMap(LocalTime.init)).description == expected)
    }

    @Test func killTimeEqualToDayStartsIsRefused() {
        let calendar = eventOffset(dayStarts: "04:00")
        #expect(!calendar.accepts(killTime: LocalTime(minutes: 240)))
        #expect(calendar.accepts(killTime: LocalTime(minutes: 241)))
    }

    @Test("at or after the kill moment", arguments: [
        // timezone: event compares wall clocks, each instant in its own offset.
        ("event", "2026-03-02T20:00:00+08:00", true),
        ("event", "2026-03-02T19:59:59-05:00", false),
        ("event", "2026-03-03T01:00:00+14:00", true),
        // A zone compares instants: 20:00 in New York is 01:00Z the next day.
        ("America/New_York", "2026-03-03T00:59:59Z", false),
        ("America/New_York", "2026-03-03T01:00:00Z", true),
    ])
    func atOrAfterKill(zone: String, instant: String, expected: Bool) {
        let calendar = zone == "event" ? eventOffset(kill: "20:00") : zoned(zone, kill: "20:00")
        let kill = calendar.killDateTime(of: day("2026-03-02"), killTime: calendar.killTime)
        #expect(calendar.isAtOrAfter(moment(instant), kill) == expected)
    }

    @Test func userZoneMustExist() throws {
        let rule = CalendarRule(timezone: .user)
        #expect(throws: StateFileError(file: "s.json", path: JSONPath([.key("user"), .key("timezone")]),
                                       message: "the rules use `timezone: user` but the state has no user.timezone")) {
            try LocalCalendar(rule: rule, userTimeZone: nil, file: "s.json")
        }
        #expect(throws: StateFileError.self) { try LocalCalendar(rule: rule, userTimeZone: "Mars/Olympus", file: "s.json") }
        let calendar = try LocalCalendar(rule: rule, userTimeZone: "Asia/Tokyo")
        #expect(calendar.calendarDay(of: moment("2026-03-01T15:00:00Z")).description == "2026-03-02")
    }

    @Test("days and weekdays", arguments: [
        ("1970-01-01", 0, 4), ("2026-03-02", 20_514, 1), ("2026-03-08", 20_520, 7), ("2000-02-29", 11_016, 2),
    ])
    func days(text: String, number: Int, weekday: Int) {
        let parsed = LocalDay(text)
        #expect(parsed?.number == number)
        #expect(parsed?.weekday == weekday)
        #expect(LocalDay(number: number).description == text)
    }

    @Test("invalid dates", arguments: ["2026-02-29", "2026-13-01", "26-01-01", "2026-01-1", "2026/01/01", "0000-01-01"])
    func invalidDates(text: String) {
        #expect(LocalDay(text) == nil)
    }
}
