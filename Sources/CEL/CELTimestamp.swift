/// An instant with nanosecond precision (range 0001-01-01 … 9999-12-31 UTC).
package struct CELTimestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var seconds: Int64
    /// 0 ..< 1e9.
    package var nanos: Int32
    package init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }
    // Every comparison written out: from another module, `==` (synthesized) and `<=`, `>`, `>=`
    // (Comparable's defaults) went through the protocols' dispatch thunks and witness tables,
    // several times the cost of comparing two numbers, at every checkpoint and event.
    package static func == (a: CELTimestamp, b: CELTimestamp) -> Bool { a.seconds == b.seconds && a.nanos == b.nanos }
    package static func != (a: CELTimestamp, b: CELTimestamp) -> Bool { !(a == b) }
    package static func < (a: CELTimestamp, b: CELTimestamp) -> Bool {
        a.seconds != b.seconds ? a.seconds < b.seconds : a.nanos < b.nanos
    }
    package static func <= (a: CELTimestamp, b: CELTimestamp) -> Bool { !(b < a) }
    package static func > (a: CELTimestamp, b: CELTimestamp) -> Bool { b < a }
    package static func >= (a: CELTimestamp, b: CELTimestamp) -> Bool { !(a < b) }

    /// 0001-01-01T00:00:00Z.
    package static let minSeconds: Int64 = -62_135_596_800
    /// 9999-12-31T23:59:59Z.
    package static let maxSeconds: Int64 = 253_402_300_799

    /// Whether the instant lies in CEL's timestamp range.
    package var isInRange: Bool { seconds >= Self.minSeconds && seconds <= Self.maxSeconds }

    /// Parses RFC 3339 (`2026-01-05T23:10:00+08:00`, `...Z`, fractional seconds), returning the
    /// instant and the written UTC offset in seconds. `nil` when malformed or without an offset.
    package static func parseRFC3339(_ text: String) -> (timestamp: CELTimestamp, offsetSeconds: Int)? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var value = 0
            for k in i..<(i + digits) {
                guard b[k] >= 48, b[k] <= 57 else { return nil }
                value = value * 10 + Int(b[k] - 48)
            }
            i += digits
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard i < b.count, characters.utf8.contains(b[i]) else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("Tt "), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2) else { return nil }
        var nanos = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            var digits = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                if digits < 9 { nanos = nanos * 10 + Int(b[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            if digits < 9 { for _ in digits..<9 { nanos *= 10 } }
        }
        var offset = 0
        if expect("Zz") {
            offset = 0
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let negative = b[i] == UInt8(ascii: "-")
            i += 1
            guard let oh = number(2), expect(":"), let om = number(2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (negative ? -1 : 1)
        } else {
            return nil
        }
        guard i == b.count, (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year, month),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let timestamp = CELTimestamp(seconds: local - Int64(offset), nanos: Int32(nanos))
        return (timestamp, offset)
    }

    /// Formats as RFC 3339 in the given offset (`+08:00`, or `Z` when `offsetSeconds` is 0 and
    /// `useZ` is true); fractional seconds only when non-zero, without trailing zeros.
    package func rfc3339(offsetSeconds: Int, useZ: Bool = true) -> String {
        // Wrapping: a host may build any instant; out-of-range ones print garbage, never trap.
        let local = seconds &+ Int64(offsetSeconds)
        let (days, secondOfDay) = local.floorDivided(by: 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        let s = Int(secondOfDay)
        var text = Self.pad(date.year, 4) + "-" + Self.pad(date.month, 2) + "-" + Self.pad(date.day, 2)
            + "T" + Self.pad(s / 3600, 2) + ":" + Self.pad(s / 60 % 60, 2) + ":" + Self.pad(s % 60, 2)
        if nanos != 0 {
            var fraction = Self.pad(Int(nanos), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        if offsetSeconds == 0 && useZ { return text + "Z" }
        let magnitude = Int(offsetSeconds.magnitude % 360_000)
        text += (offsetSeconds < 0 ? "-" : "+") + Self.pad(magnitude / 3600, 2) + ":" + Self.pad(magnitude / 60 % 60, 2)
        return text
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int64 {
    /// Floor division and the matching non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var q = self / divisor
        var r = self % divisor
        if r < 0 {
            q -= 1
            r += divisor
        }
        return (q, r)
    }
}
