/// Escapes and character classes of `CELRegexParser`.
extension CELRegexParser {
    /// `\d \w \s` and their negations, as RE2 defines them (ASCII only).
    static func perlClass(_ letter: Unicode.Scalar) -> CELRegexCharacterClass? {
        var set = CELRegexCharacterClass()
        switch letter {
        case "d", "D": set.add(48...57)
        case "w", "W": set.add(48...57); set.add(65...90); set.add(97...122); set.add(95...95)
        case "s", "S": set.add(9...10); set.add(12...13); set.add(32...32)
        default: return nil
        }
        set.normalize()
        set.negated = letter.properties.isUppercase
        return set
    }

    /// Parses `\…` outside brackets.
    mutating func parseEscape(_ flags: Flags) throws(Failure) -> CELRegexNode {
        let start = position
        guard let letter = peek(1) else { throw Failure(message: "trailing backslash at end of expression", offset: start) }
        switch letter {
        case "A": position += 2; return .assertion(.textStart)
        case "z": position += 2; return .assertion(.textEnd)
        case "b": position += 2; return .assertion(.wordBoundary)
        case "B": position += 2; return .assertion(.notWordBoundary)
        case "Q": return quotedLiteral(flags)
        default: break
        }
        if var set = Self.perlClass(letter) {
            position += 2
            set.foldsCase = flags.foldCase
            return .characterClass(set)
        }
        if letter == "p" || letter == "P" {
            var set = try parseUnicodeClass()
            set.foldsCase = flags.foldCase
            return .characterClass(set)
        }
        return Self.literal(try parseEscapedScalar(), flags)
    }

    /// `\Q…\E`: everything up to `\E` (or the end) literally.
    private mutating func quotedLiteral(_ flags: Flags) -> CELRegexNode {
        position += 2
        var items: [CELRegexNode] = []
        while let scalar = current {
            if scalar == "\\", peek(1) == "E" {
                position += 2
                break
            }
            items.append(Self.literal(scalar, flags))
            position += 1
        }
        return items.isEmpty ? .empty : .concatenation(items)
    }

    /// An escape that stands for one code point: `\n \t \r \f \v \a`, `\x41`, `\x{1F600}`,
    /// octal `\123`, or an escaped punctuation character.
    mutating func parseEscapedScalar() throws(Failure) -> Unicode.Scalar {
        let start = position
        guard let letter = peek(1) else { throw Failure(message: "trailing backslash at end of expression", offset: start) }
        position += 2
        switch letter {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "a": return "\u{07}"
        case "x": return try parseHexEscape(start: start)
        case "0"..."7":
            var value = letter.value - 48
            var digits = 1
            while digits < 3, let next = current, ("0"..."7").contains(next) {
                value = value * 8 + next.value - 48
                digits += 1
                position += 1
            }
            // A lone `\1`…`\7` would be a backreference, which RE2 does not have.
            guard letter == "0" || digits > 1, let scalar = Unicode.Scalar(value) else {
                throw Failure(message: "invalid escape sequence '\\\(letter)' (backreferences are not RE2)", offset: start)
            }
            return scalar
        default:
            // Any ASCII punctuation may be escaped; letters and digits are reserved.
            let isAlphanumeric = ("a"..."z").contains(letter) || ("A"..."Z").contains(letter) || ("0"..."9").contains(letter)
            guard letter.isASCII, !isAlphanumeric else {
                throw Failure(message: "invalid escape sequence '\\\(letter)'", offset: start)
            }
            return letter
        }
    }

    private mutating func parseHexEscape(start: Int) throws(Failure) -> Unicode.Scalar {
        var digits: [Unicode.Scalar] = []
        if current == "{" {
            position += 1
            while let c = current, c != "}" {
                digits.append(c)
                position += 1
                guard digits.count <= 8 else { break }
            }
            guard current == "}" else { throw Failure(message: "invalid escape sequence '\\x{…'", offset: start) }
            position += 1
        } else {
            for _ in 0..<2 {
                guard let c = current else { break }
                digits.append(c)
                position += 1
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: digits)
        guard !text.isEmpty, let value = UInt32(text, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw Failure(message: "invalid hexadecimal escape", offset: start)
        }
        return scalar
    }

    /// `\pL`, `\p{Lu}`, `\PN`, `\p{^L}`: Unicode general categories (scripts are not supported).
    mutating func parseUnicodeClass() throws(Failure) -> CELRegexCharacterClass {
        let start = position
        var negated = peek(1) == "P"
        position += 2
        var name = ""
        if current == "{" {
            position += 1
            while let c = current, c != "}" {
                name.unicodeScalars.append(c)
                position += 1
            }
            guard current == "}" else { throw Failure(message: "missing '}' in Unicode class", offset: start) }
            position += 1
        } else if let c = current {
            name.unicodeScalars.append(c)
            position += 1
        }
        if name.hasPrefix("^") {
            negated.toggle()
            name.removeFirst()
        }
        var set = CELRegexCharacterClass()
        if name == "Any" {
            set.add(0...CELRegexCharacterClass.maxScalar)
        } else if let categories = CELRegexUnicodeCategories.named(name) {
            set.add(categories: categories, negated: false)
        } else {
            throw Failure(message: "invalid or unsupported Unicode class '\(name)'", offset: start)
        }
        set.negated = negated
        return set
    }

    /// `[…]`, `[^…]` with ranges, escapes, Perl, POSIX and Unicode classes inside.
    mutating func parseBracketClass(_ flags: Flags) throws(Failure) -> CELRegexCharacterClass {
        let open = position
        position += 1
        var set = CELRegexCharacterClass()
        if current == "^" {
            set.negated = true
            position += 1
        }
        var first = true
        while let scalar = current {
            if scalar == "]" && !first { break }
            first = false
            if scalar == "[", peek(1) == ":", let posix = try parsePosixClass() {
                set.add(posix)
                continue
            }
            if scalar == "\\", let letter = peek(1) {
                if let perl = Self.perlClass(letter) {
                    position += 2
                    set.add(perl)
                    continue
                }
                if letter == "p" || letter == "P" {
                    set.add(try parseUnicodeClass())
                    continue
                }
            }
            let low = try parseClassScalar()
            if current == "-", let next = peek(1), next != "]" {
                position += 1
                let high = try parseClassScalar()
                guard low.value <= high.value else {
                    throw Failure(message: "invalid character class range", offset: open)
                }
                set.add(low.value...high.value)
            } else {
                set.add(low.value...low.value)
            }
        }
        guard current == "]" else { throw Failure(message: "missing closing ]", offset: open) }
        position += 1
        set.normalize()
        set.foldsCase = flags.foldCase
        return set
    }

    private mutating func parseClassScalar() throws(Failure) -> Unicode.Scalar {
        guard let scalar = current else { throw Failure(message: "missing closing ]", offset: position) }
        if scalar == "\\" { return try parseEscapedScalar() }
        position += 1
        return scalar
    }

    /// `[:alpha:]` and `[:^alpha:]` inside brackets; `nil` (nothing consumed) when it is not one.
    private mutating func parsePosixClass() throws(Failure) -> CELRegexCharacterClass? {
        var index = position + 2
        var name = ""
        while index + 1 < scalars.count, !(scalars[index] == ":" && scalars[index + 1] == "]") {
            name.unicodeScalars.append(scalars[index])
            index += 1
            if name.unicodeScalars.count > 8 { return nil }
        }
        guard index + 1 < scalars.count else { return nil }
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        guard var set = CELRegexUnicodeCategories.posix(name) else {
            throw Failure(message: "invalid character class range '[:\(name):]'", offset: position)
        }
        set.negated = negated
        position = index + 2
        return set
    }
}
