/// A signed span of time with nanosecond precision. CEL limits durations to what fits in one
/// int64 of nanoseconds (about ±292 years); arithmetic beyond that is a range error.
package struct CELDuration: Sendable, Hashable, Comparable {
    package var seconds: Int64
    /// Same sign as `seconds` (or zero), magnitude below 1e9.
    package var nanos: Int32
    package init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// A duration of `totalNanoseconds`.
    package init(nanoseconds totalNanoseconds: Int64) {
        seconds = totalNanoseconds / 1_000_000_000
        nanos = Int32(totalNanoseconds % 1_000_000_000)
    }

    package static func < (a: CELDuration, b: CELDuration) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }

    /// The whole duration in nanoseconds, `nil` when it does not fit in an int64.
    package var totalNanoseconds: Int64? {
        let (scaled, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, o2) = scaled.addingReportingOverflow(Int64(nanos))
        return o1 || o2 ? nil : sum
    }

    /// Parses Go-style durations as CEL does: `"1h2m3.5s"`, `"-1.5h"`, `"300ms"`, `"0"`.
    /// Units: `h`, `m`, `s`, `ms`, `us`, `µs`, `ns`. `nil` when malformed or out of range.
    package static func parse(_ text: String) -> CELDuration? {
        var scalars = Array(text.unicodeScalars)[...]
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        if scalars.count == 1, scalars.first == "0" { return CELDuration(seconds: 0) }
        if scalars.isEmpty { return nil }
        var exactTotal: Int64 = 0
        var exact = true
        while !scalars.isEmpty {
            var whole: Int64 = 0
            var wholeDigits = 0
            var overflowed = false
            while let c = scalars.first, ("0"..."9").contains(c) {
                let digit = Int64(c.value - 48)
                let (m, o1) = whole.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(digit)
                if o1 || o2 { overflowed = true }
                whole = a
                wholeDigits += 1
                scalars = scalars.dropFirst()
            }
            var fraction = ""
            if scalars.first == "." {
                scalars = scalars.dropFirst()
                while let c = scalars.first, ("0"..."9").contains(c) {
                    fraction.unicodeScalars.append(c)
                    scalars = scalars.dropFirst()
                }
            }
            if wholeDigits == 0 && fraction.isEmpty { return nil }
            var unit = ""
            while let c = scalars.first, !("0"..."9").contains(c), c != "." {
                unit.unicodeScalars.append(c)
                scalars = scalars.dropFirst()
            }
            guard let unitNanos = nanoseconds(perUnit: unit), !overflowed else { return nil }
            let (wholeNanos, o1) = whole.multipliedReportingOverflow(by: unitNanos)
            // Exact: numerator / scale of a unit, truncated to whole nanoseconds. The quotient is
            // below `unitNanos`, so the full-width division cannot overflow.
            var numerator: Int64 = 0
            var scale: Int64 = 1
            for c in fraction.unicodeScalars.prefix(15) {
                numerator = numerator * 10 + Int64(c.value - 48)
                scale *= 10
            }
            let fractionNanos = scale.dividingFullWidth(numerator.multipliedFullWidth(by: unitNanos)).quotient
            let (part, o2) = wholeNanos.addingReportingOverflow(fractionNanos)
            let (sum, o3) = exactTotal.addingReportingOverflow(part)
            if o1 || o2 || o3 { exact = false }
            exactTotal = sum
        }
        guard exact else { return nil }
        return CELDuration(nanoseconds: negative ? -exactTotal : exactTotal)
    }

    /// The nanoseconds in one of a duration's units, `nil` for an unknown unit.
    private static func nanoseconds(perUnit unit: String) -> Int64? {
        switch unit {
        case "ns": 1
        case "us", "µs", "μs": 1_000
        case "ms": 1_000_000
        case "s": 1_000_000_000
        case "m": 60_000_000_000
        case "h": 3_600_000_000_000
        default: nil
        }
    }

    /// CEL's string form: seconds with a fraction only when needed, e.g. `"3600s"`, `"1.5s"`.
    package var celString: String {
        let negative = seconds < 0 || nanos < 0
        let s = seconds.magnitude
        let n = UInt32(nanos.magnitude)
        var text = negative ? "-\(s)" : "\(s)"
        if n != 0 {
            var fraction = String(n)
            fraction = String(repeating: "0", count: Swift.max(0, 9 - fraction.count)) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "s"
    }
}
