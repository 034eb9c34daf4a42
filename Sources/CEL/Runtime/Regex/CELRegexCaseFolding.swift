/// Simple case variants of a code point, for `(?i)`.
enum CELRegexCaseFolding {
    /// The scalar itself and its one-scalar lowercase, uppercase and titlecase mappings.
    static func variants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII {
            let value = scalar.value
            switch value {
            case 65...90: return [scalar, Unicode.Scalar(UInt8(value + 32))]
            case 97...122: return [scalar, Unicode.Scalar(UInt8(value - 32))]
            default: return [scalar]
            }
        }
        var result = [scalar]
        let properties = scalar.properties
        for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
            let scalars = mapping.unicodeScalars
            if scalars.count == 1, let only = scalars.first, !result.contains(only) { result.append(only) }
        }
        return result
    }
}
