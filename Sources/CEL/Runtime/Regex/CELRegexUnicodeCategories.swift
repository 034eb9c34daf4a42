/// Names of Unicode general categories (`\p{Lu}`, `\pL`) and POSIX classes (`[[:alpha:]]`)
/// as RE2 spells them.
enum CELRegexUnicodeCategories {
    static func named(_ name: String) -> Set<Unicode.GeneralCategory>? {
        if name.count == 1 {
            let all = groups[name].map { $0.map(\.value) } ?? []
            return all.isEmpty ? nil : Set(all)
        }
        for (_, members) in groups {
            if let match = members.first(where: { $0.key == name }) { return [match.value] }
        }
        return nil
    }

    private static let groups: [String: [(key: String, value: Unicode.GeneralCategory)]] = [
        "L": [("Lu", .uppercaseLetter), ("Ll", .lowercaseLetter), ("Lt", .titlecaseLetter),
              ("Lm", .modifierLetter), ("Lo", .otherLetter)],
        "M": [("Mn", .nonspacingMark), ("Mc", .spacingMark), ("Me", .enclosingMark)],
        "N": [("Nd", .decimalNumber), ("Nl", .letterNumber), ("No", .otherNumber)],
        "P": [("Pc", .connectorPunctuation), ("Pd", .dashPunctuation), ("Ps", .openPunctuation),
              ("Pe", .closePunctuation), ("Pi", .initialPunctuation), ("Pf", .finalPunctuation),
              ("Po", .otherPunctuation)],
        "S": [("Sm", .mathSymbol), ("Sc", .currencySymbol), ("Sk", .modifierSymbol), ("So", .otherSymbol)],
        "Z": [("Zs", .spaceSeparator), ("Zl", .lineSeparator), ("Zp", .paragraphSeparator)],
        "C": [("Cc", .control), ("Cf", .format), ("Cs", .surrogate), ("Co", .privateUse), ("Cn", .unassigned)],
    ]

    /// The ASCII POSIX classes RE2 accepts inside brackets.
    static func posix(_ name: String) -> CELRegexCharacterClass? {
        let ranges: [ClosedRange<UInt32>]
        switch name {
        case "alnum": ranges = [48...57, 65...90, 97...122]
        case "alpha": ranges = [65...90, 97...122]
        case "ascii": ranges = [0...127]
        case "blank": ranges = [9...9, 32...32]
        case "cntrl": ranges = [0...31, 127...127]
        case "digit": ranges = [48...57]
        case "graph": ranges = [33...126]
        case "lower": ranges = [97...122]
        case "print": ranges = [32...126]
        case "punct": ranges = [33...47, 58...64, 91...96, 123...126]
        case "space": ranges = [9...13, 32...32]
        case "upper": ranges = [65...90]
        case "word": ranges = [48...57, 65...90, 97...122, 95...95]
        case "xdigit": ranges = [48...57, 65...70, 97...102]
        default: return nil
        }
        var set = CELRegexCharacterClass()
        for range in ranges { set.add(range) }
        set.normalize()
        return set
    }
}
