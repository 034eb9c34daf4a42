import CEL

/// An instant together with the UTC offset it was written in (`2026-03-02T20:00:00-05:00`).
/// The offset matters: under `timezone: event` it decides the local day, and output reports
/// times in it. Ordering is by instant; equal instants order by offset only to be total.
public struct Moment: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var instant: CELTimestamp
    /// The offset from UTC in seconds (within a day either way).
    public var offsetSeconds: Int {
        get { Int(offset) }
        set { offset = Int32(clamping: newValue) }
    }
    /// 32 bits fill the timestamp's padding, so a moment takes 16 bytes instead of 24 (a state
    /// file holds a million of them).
    private var offset: Int32

    package init(instant: CELTimestamp, offsetSeconds: Int) {
        self.instant = instant
        offset = Int32(clamping: offsetSeconds)
    }

    /// Why a text is not a usable timestamp.
    public enum ParseProblem: Error, Sendable, Hashable, CustomStringConvertible {
        case malformed
        case missingOffset
        public var description: String {
            switch self {
            case .malformed: "not an RFC 3339 timestamp (like 2026-01-05T23:10:00+08:00)"
            case .missingOffset: "timestamp has no UTC offset (add Z or an offset such as +08:00)"
            }
        }
    }

    /// Parses RFC 3339 with a required offset: `2026-01-05T23:10:00+08:00`, `…Z`, fractional
    /// seconds up to nanoseconds, `T`/`t` and `Z`/`z`.
    public static func parse(_ text: String) -> Result<Moment, ParseProblem> {
        // The text's own bytes when it has them (no copy: a state file has a million moments).
        text.utf8.withContiguousStorageIfAvailable(parse(bytes:)) ?? Array(text.utf8).withUnsafeBufferPointer(parse(bytes:))
    }

    /// `parse` of a text's UTF-8 bytes.
    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Result<Moment, ParseProblem> {
        guard b.count >= 19, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let year = digits(b, 0, 4), let month = digits(b, 5, 2),
              let dayOfMonth = digits(b, 8, 2), let hour = digits(b, 11, 2),
              let minute = digits(b, 14, 2), let second = digits(b, 17, 2),
              let day = LocalDay(year: year, month: month, day: dayOfMonth),
              hour < 24, minute < 60, second < 60
        else { return .failure(.malformed) }
        var index = 19
        var nanos = 0
        if index < b.count, b[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < b.count, b[index] >= UInt8(ascii: "0"), b[index] <= UInt8(ascii: "9") {
                guard digits < 9 else { return .failure(.malformed) }
                nanos = nanos * 10 + Int(b[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return .failure(.malformed) }
            for _ in digits..<9 { nanos *= 10 }
        }
        guard index < b.count else { return .failure(.missingOffset) }
        let offset: Int
        if b[index] == UInt8(ascii: "Z") || b[index] == UInt8(ascii: "z") {
            guard index + 1 == b.count else { return .failure(.malformed) }
            offset = 0
        } else if b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-") {
            guard index + 6 == b.count, b[index + 3] == UInt8(ascii: ":"),
                  let offsetHours = digits(b, index + 1, 2), let offsetMinutes = digits(b, index + 4, 2),
                  offsetHours < 24, offsetMinutes < 60 else { return .failure(.malformed) }
            offset = (b[index] == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return .failure(.malformed)
        }
        let local = LocalDateTime(day: day, secondsIntoDay: Int64(hour * 3600 + minute * 60 + second))
        return .success(Moment(instant: CELTimestamp(seconds: local.seconds - Int64(offset), nanos: Int32(nanos)),
                               offsetSeconds: offset))
    }

    /// The number written by `count` ASCII digits from `start`, if they are digits. Not the
    /// generic `LocalDay.digits`: a state file has a moment per event, each of eight numbers.
    @inline(__always)
    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= b.count else { return nil }
        var value = 0
        for index in start..<start + count {
            let digit = b[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// Whether `parse(description)` gives this moment back: a year of four digits, an offset of
    /// whole minutes under a day, nanoseconds in range (what `parse` reads and `description`
    /// writes alike).
    package var readsBackFromDescription: Bool {
        let magnitude = abs(offsetSeconds)
        guard magnitude % 60 == 0, magnitude < 86_400, instant.nanos >= 0, instant.nanos < 1_000_000_000 else { return false }
        return (0...9999).contains(localDateTime.date.civil.year)
    }

    /// The wall clock in this moment's own offset.
    package var localDateTime: LocalDateTime { LocalDateTime(seconds: instant.seconds + Int64(offsetSeconds)) }

    /// Whether `description` is exactly `text`, for a `text` this moment was parsed from: checked
    /// without building the description (a state file has a million of them). Parsing fixes the
    /// digits; what can differ is `t`, `z`, `+00:00` for zero, and a fraction's trailing zeros.
    public func isDescribed(by text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isDescribed(byUTF8:)) ?? (description == text)
    }

    /// `isDescribed(by:)` of a text's UTF-8 bytes.
    func isDescribed(byUTF8 b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 20, b[10] == UInt8(ascii: "T") else { return false }
        let last = b[b.count - 1]
        if offsetSeconds == 0 {
            guard last == UInt8(ascii: "Z") else { return false }
        } else if last == UInt8(ascii: "z") || last == UInt8(ascii: "Z") {
            return false
        }
        guard b[19] == UInt8(ascii: ".") else { return true }
        // The fraction ends before the offset (`Z`, or six bytes of `+HH:MM`).
        let fractionEnd = last == UInt8(ascii: "Z") ? b.count - 1 : b.count - 6
        return fractionEnd > 20 && b[fractionEnd - 1] != UInt8(ascii: "0")
    }

    /// RFC 3339 in the moment's own offset (`Z` for zero), fraction only when non-zero.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(35)
        return appendDigitByDigit(to: &bytes) ? String(decoding: bytes, as: UTF8.self) : spelledOut
    }

    /// Appends `description`'s UTF-8 to `bytes` (ASCII letters, digits and signs: nothing a
    /// JSON string escapes), without making the string: a decision names every unlock's moment.
    package func appendDescription(to bytes: inout [UInt8]) {
        if !appendDigitByDigit(to: &bytes) { bytes += spelledOut.utf8 }
    }

    /// `description` for years 0–9999 and offsets under 100 hours, written digit by digit
    /// (padding through `String(Int)` and concatenation cost several allocations per moment);
    /// `false`, with nothing written, for any other moment.
    private func appendDigitByDigit(to bytes: inout [UInt8]) -> Bool {
        let local = localDateTime
        let (year, month, day) = local.date.civil
        let magnitude = abs(offsetSeconds)
        guard (0...9999).contains(year), magnitude / 3600 < 100, instant.nanos >= 0 else { return false }
        // Written on the stack and appended at once (at most 35 bytes): appending byte by byte
        // checked the array's buffer at every byte.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { text in
            var end = 0
            func put(_ byte: UInt8) {
                text[end] = byte
                end += 1
            }
            func two(_ value: Int) {
                put(UInt8(ascii: "0") + UInt8(value / 10))
                put(UInt8(ascii: "0") + UInt8(value % 10))
            }
            two(year / 100)
            two(year % 100)
            put(UInt8(ascii: "-"))
            two(month)
            put(UInt8(ascii: "-"))
            two(day)
            put(UInt8(ascii: "T"))
            let rest = Int(local.secondsIntoDay)
            two(rest / 3600)
            put(UInt8(ascii: ":"))
            two(rest % 3600 / 60)
            put(UInt8(ascii: ":"))
            two(rest % 60)
            if instant.nanos != 0 {
                put(UInt8(ascii: "."))
                var nanos = Int(instant.nanos)
                var width = 9
                while nanos % 10 == 0 {
                    nanos /= 10
                    width -= 1
                }
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(nanos / divisor % 10))
                    divisor /= 10
                }
            }
            if offsetSeconds == 0 {
                put(UInt8(ascii: "Z"))
            } else {
                put(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                two(magnitude / 3600)
                put(UInt8(ascii: ":"))
                two(magnitude % 3600 / 60)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<end]))
            return true
        }
    }

    /// `description` through the strings of its parts (any year, any offset).
    private var spelledOut: String {
        var text = localDateTime.description
        if instant.nanos != 0 {
            var fraction = LocalDay.pad(Int(instant.nanos), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        if offsetSeconds == 0 { return text + "Z" }
        let magnitude = abs(offsetSeconds)
        return text + (offsetSeconds < 0 ? "-" : "+") + LocalDay.pad(magnitude / 3600, 2) + ":"
            + LocalDay.pad(magnitude % 3600 / 60, 2)
    }

    public static func < (a: Moment, b: Moment) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.offsetSeconds < b.offsetSeconds
    }
}
