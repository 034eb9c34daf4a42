import CEL
import Foundation
import Testing
@testable import Facts

/// The offset table must answer exactly what the zone answers, across DST changes and changes
/// of standard offset (Caracas 2007/2016, Pyongyang 2015/2018, Apia skipping a day in 2011).
struct ZoneOffsetTableTests {
    @Test("table offsets equal the zone's, every half hour and around each transition", arguments: [
        "America/New_York", "Europe/Moscow", "America/Caracas", "Asia/Pyongyang", "Pacific/Apia",
        "Australia/Lord_Howe", "Africa/Casablanca", "Asia/Shanghai", "Asia/Kolkata",
    ])
    func matchesZone(name: String) throws {
        let timeZone = try #require(TimeZone(identifier: name))
        let window: ClosedRange<Int64> = 1_104_537_600...1_577_836_800  // 2005 through 2019
        let table = try #require(ZoneOffsetTable(timeZone: timeZone, window: window))
        var seconds = window.lowerBound
        var mismatches = 0
        while seconds <= window.upperBound {
            if table.offset(at: seconds) != ZoneOffsetTable.zoneOffset(timeZone, at: seconds) { mismatches += 1 }
            seconds += 1_800
        }
        var cursor = Date(timeIntervalSince1970: TimeInterval(window.lowerBound))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 < TimeInterval(window.upperBound) {
            let at = Int64(next.timeIntervalSince1970)
            for probe in [at - 1, at, at + 1] where table.offset(at: probe) != ZoneOffsetTable.zoneOffset(timeZone, at: probe) {
                mismatches += 1
            }
            cursor = next
        }
        #expect(mismatches == 0)
        #expect(table.offset(at: window.lowerBound - 1) == nil)
        #expect(table.offset(at: window.upperBound + 1) == nil)
    }

    @Test("a caching calendar resolves wall clocks as the plain one does, gaps and repeats included",
          arguments: ["America/New_York", "Pacific/Apia", "Europe/Moscow"])
    func cachingCalendarAgrees(name: String) {
        let plain = zoned(name, dayStarts: "02:30", kill: "01:30")
        let cached = plain.cachingOffsets(around: [1_293_840_000, 1_420_070_400])  // 2011 to 2015
        var local = LocalDateTime(seconds: 1_293_840_000)
        var differences = 0
        while local.seconds < 1_420_070_400 {
            if plain.instant(of: local, offsetHint: 0) != cached.instant(of: local, offsetHint: 0) { differences += 1 }
            let moment = Moment(instant: CELTimestamp(seconds: local.seconds), offsetSeconds: 0)
            if plain.calendarDay(of: moment) != cached.calendarDay(of: moment) { differences += 1 }
            local = local + 3_600 * 7 + 900
        }
        #expect(differences == 0)
    }
}
