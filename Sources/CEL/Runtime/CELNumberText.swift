/// Decimal text of doubles as CEL implementations print them (Go's shortest `%g` with an
/// exponent only below 1e-4 or from 1e21), and parsing that accepts what Go's parser accepts.
enum CELNumberText {
    static func format(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Inf" : "+Inf" }
        if d == 0 { return d.sign == .minus ? "-0" : "0" }
        // Swift's description is the shortest round-tripping form; take its digits and exponent.
        var text = "\(d.magnitude)"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var intPart = text
        var fracPart = ""
        if let dot = text.firstIndex(of: ".") {
            intPart = String(text[..<dot])
            fracPart = String(text[text.index(after: dot)...])
        }
        var digits = intPart + fracPart
        var pointPosition = intPart.count + exponent
        while digits.hasPrefix("0") && digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        let sign = d < 0 ? "-" : ""
        let decimalExponent = pointPosition - 1
        if decimalExponent < -4 || decimalExponent >= 21 {
            var mantissa = String(digits.prefix(1))
            if digits.count > 1 { mantissa += "." + digits.dropFirst() }
            let expSign = decimalExponent < 0 ? "-" : "+"
            let expDigits = String(abs(decimalExponent))
            return sign + mantissa + "e" + expSign + (expDigits.count < 2 ? "0" + expDigits : expDigits)
        }
        if pointPosition <= 0 {
            return sign + "0." + String(repeating: "0", count: -pointPosition) + digits
        }
        if pointPosition >= digits.count {
            return sign + digits + String(repeating: "0", count: pointPosition - digits.count)
        }
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        return sign + digits[..<split] + "." + digits[split...]
    }

    static func parseDouble(_ s: String) -> Double? {
        let lowered = s.lowercased()
        switch lowered {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        // A finite text beyond the double range (`1e400`) is a range error, as in Go's parser,
        // not infinity; a text that underflows is zero.
        guard let d = Double(s), d.isFinite else { return nil }
        return d
    }
}
