/// Finds the metrics an expression names (`metrics.x`, `metrics["x"]`) before it is compiled,
/// so metrics can be compiled in dependency order. A lexical scan: string literals are skipped,
/// so `"metrics.x"` inside quotes is not a reference.
enum MetricReferenceScanner {
    static func references(in source: String) -> [String] {
        let chars = Array(source.unicodeScalars)
        var names: [String] = []
        var i = 0
        func skipSpaces() { while i < chars.count, chars[i] == " " || chars[i] == "\n" || chars[i] == "\t" || chars[i] == "\r" { i += 1 } }
        func isIdentStart(_ c: Unicode.Scalar) -> Bool { c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        func isIdentPart(_ c: Unicode.Scalar) -> Bool { isIdentStart(c) || ("0"..."9").contains(c) }
        func readIdent() -> String {
            var text = ""
            while i < chars.count, isIdentPart(chars[i]) { text.unicodeScalars.append(chars[i]); i += 1 }
            return text
        }
        func readString() -> String? {
            guard i < chars.count, chars[i] == "\"" || chars[i] == "'" else { return nil }
            let quote = chars[i]
            i += 1
            var text = ""
            while i < chars.count, chars[i] != quote {
                if chars[i] == "\\" { i += 1 }
                if i < chars.count { text.unicodeScalars.append(chars[i]) }
                i += 1
            }
            i += 1
            return text
        }
        var previousWasDot = false
        while i < chars.count {
            let c = chars[i]
            if c == "\"" || c == "'" {
                _ = readString()
                previousWasDot = false
            } else if isIdentStart(c) {
                let word = readIdent()
                if word == "metrics", !previousWasDot {
                    skipSpaces()
                    if i < chars.count, chars[i] == "." {
                        i += 1
                        skipSpaces()
                        let name = readIdent()
                        if !name.isEmpty { names.append(name) }
                    } else if i < chars.count, chars[i] == "[" {
                        i += 1
                        skipSpaces()
                        if let name = readString() { names.append(name) }
                    }
                }
                previousWasDot = false
            } else {
                if c != " " && c != "\n" && c != "\t" { previousWasDot = c == "." }
                i += 1
            }
        }
        return names
    }
}
