import CEL

/// A named local day (`2026-03-01`), counted in days since 1970-01-01 so that days are cheap
/// to compare, subtract and use as keys. Proleptic Gregorian calendar.
public struct LocalDay: Sendable, Hashable, Comparable, Strideable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var number: Int

    public init(number: Int) {
        self.number = number
    }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDay.daysIn(month: month, year: year)).contains(day) else { return nil }
        number = LocalDay.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = LocalDay.digits(bytes, 0, 4), let month = LocalDay.digits(bytes, 5, 2),
              let day = LocalDay.digits(bytes, 8, 2) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var civil: (year: Int, month: Int, day: Int) {
        let date = CivilDate(daysSinceEpoch: number)
        return (date.year, date.month, date.day)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday.
        ((number + 3) % 7 + 7) % 7 + 1
    }

    /// The ISO 8601 week the day is in, `2026-W03`: weeks start on Monday, and week 1 is the one
    /// holding the year's first Thursday (so the first days of January can be in the last week of
    /// the year before, and the last days of December in week 1 of the next).
    public var isoWeek: String {
        let thursday = self + (4 - weekday)
        let year = thursday.civil.year
        let week = (thursday.number - LocalDay.daysFromCivil(year: year, month: 1, day: 1)) / 7 + 1
        guard (0...9999).contains(year) else { return LocalDay.pad(year, 4) + "-W" + LocalDay.pad(week, 2) }
        // Digit by digit, as `description`: every day of a history gets its week named.
        return String(unsafeUninitializedCapacity: 8) { text in
            LocalDay.write(year, digits: 4, into: text, at: 0)
            text[4] = UInt8(ascii: "-")
            text[5] = UInt8(ascii: "W")
            LocalDay.write(week, digits: 2, into: text, at: 6)
            return 8
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = civil
        guard (0...9999).contains(year) else {
            return LocalDay.pad(year, 4) + "-" + LocalDay.pad(month, 2) + "-" + LocalDay.pad(day, 2)
        }
        // Digit by digit into the string's own bytes (ten: stored inline, no allocation): every
        // day of a history gets named, and padding through `String(Int)` and concatenation costs
        // several allocations per name.
        return String(unsafeUninitializedCapacity: 10) { text in
            LocalDay.write(year, digits: 4, into: text, at: 0)
            text[4] = UInt8(ascii: "-")
            LocalDay.write(month, digits: 2, into: text, at: 5)
            text[7] = UInt8(ascii: "-")
            LocalDay.write(day, digits: 2, into: text, at: 8)
            return 10
        }
    }

    /// Writes `value` (0 ≤ value < 10^digits) as `digits` decimal digits at `offset`.
    private static func write(_ value: Int, digits: Int, into text: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        for index in stride(from: offset + digits - 1, through: offset, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.number < b.number }
    public func distance(to other: LocalDay) -> Int { other.number - number }
    public func advanced(by n: Int) -> LocalDay { LocalDay(number: number + n) }
    public static func + (day: LocalDay, n: Int) -> LocalDay { LocalDay(number: day.number + n) }
    public static func - (day: LocalDay, n: Int) -> LocalDay { LocalDay(number: day.number - n) }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        CivilDate(year: year, month: month, day: day).daysSinceEpoch
    }

    static func daysIn(month: Int, year: Int) -> Int {
        CivilDate.daysInMonth(year, month)
    }

    static func digits<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ count: Int) -> Int?
        where Bytes.Index == Int {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
