import Foundation

/// The time zone argument of the timestamp accessors: `UTC`, a fixed `±HH:MM` offset (a
/// missing sign means `+`), or an IANA name resolved with the system's tz data.
enum CELTimeZone: Sendable {
    case fixed(offsetSeconds: Int)
    case named(TimeZone)

    init?(_ text: String) {
        if text == "UTC" || text == "Z" {
            self = .fixed(offsetSeconds: 0)
            return
        }
        let b = Array(text.utf8)
        var body = b[...]
        var sign = 1
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            body = body.dropFirst()
        }
        if body.count == 5, body[body.startIndex + 2] == UInt8(ascii: ":"),
           let h = Int(String(decoding: body.prefix(2), as: UTF8.self)),
           let m = Int(String(decoding: body.suffix(2), as: UTF8.self)), h < 24, m < 60 {
            self = .fixed(offsetSeconds: sign * (h * 3600 + m * 60))
            return
        }
        guard let zone = TimeZone(identifier: text) else { return nil }
        self = .named(zone)
    }

    /// The UTC offset in force at `instant`.
    func offsetSeconds(at instant: CELTimestamp) -> Int {
        switch self {
        case .fixed(let offset): offset
        case .named(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.seconds)))
        }
    }
}
