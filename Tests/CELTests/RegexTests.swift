import Foundation
import Testing
@testable import CEL

/// The RE2-syntax, linear-time engine behind `matches`: what it matches, what it rejects
/// (at check time for a literal pattern, at run time for one from data), and that a pattern
/// that makes backtracking engines explode runs in one pass.
@Suite struct RegexTests {
    static func matches(_ pattern: String, _ text: String) -> Bool? {
        guard case .success(let regex) = CELRegex.parse(pattern) else { return nil }
        return regex.matches(text, workLimit: .max).matched
    }

    @Test(arguments: [
        ("ubb", "hubba", true), ("^ubb", "hubba", false), ("bba$", "hubba", true), ("", "", true),
        ("foo|bar", "", false), ("gr(a|e)y", "grey", true), ("ba(na)*$", "banana", true),
        ("a+ñ+a+", "mañana", true), ("(a|😀){2}", "🐱😀😀", true), ("^.$", "😀", true), ("^..$", "😀", false),
        ("\\d{3}-\\d{4}", "call 555-1234", true), ("\\d{3}-\\d{4}", "555-12x4", false),
        ("^\\w+$", "snake_case9", true), ("^\\w+$", "kebab-case", false), ("\\s", "a b", true), ("\\S", "   ", false),
        ("^[a-c]+$", "abcabc", true), ("^[^a-c]+$", "xyz", true), ("^[^a-c]+$", "xaz", false),
        ("[[:digit:]]", "a1", true), ("[[:^alpha:]]", "abc", false), ("^[\\d.]+$", "3.14", true),
        ("(?i)hello", "HeLLo world", true), ("hello", "HELLO", false), ("(?i:h)ello", "Hello", true),
        ("(?i:h)ello", "HELLO", false), ("(?i)[a-z]+$", "ÀBC", true), ("(?i)straße", "STRAßE", true),
        ("^a.c$", "a\nc", false), ("(?s)^a.c$", "a\nc", true), ("(?m)^b$", "a\nb\nc", true), ("^b$", "a\nb\nc", false),
        ("\\bcat\\b", "a cat sat", true), ("\\bcat\\b", "concatenate", false), ("\\Bcat\\B", "concatenate", true),
        ("\\Aab\\z", "ab", true), ("\\Aab\\z", "abc", false),
        ("^a{2,3}$", "aa", true), ("^a{2,3}$", "aaaa", false), ("^a{2,}$", "aaaaa", true), ("^a{2}$", "aaa", false),
        ("^a+?b*?c??$", "aac", true), ("(?:ab)+$", "xabab", true), ("(?P<year>\\d{4})", "in 2026", true),
        ("(?<m>\\d\\d)", "7", false), ("a{,2}", "a{,2}", true), ("\\pL+", "日本", true), ("^\\p{Lu}", "abc", false),
        ("\\PL", "abc", false), ("\\x41\\x{1F600}", "A😀", true), ("\\Q.*\\E", "a.*b", true), ("\\Q.*\\E", "ab", false),
        ("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\", ".*+?()[]{}|^$\\", true), ("(a*)*$", "b", true), ("(|a)+b", "ab", true),
    ] as [(String, String, Bool)])
    func matchesLikeRE2(pattern: String, text: String, expected: Bool) {
        #expect(Self.matches(pattern, text) == expected, "'\(text)'.matches('\(pattern)')")
    }

    /// RE2 rejects these; each failure points into the pattern.
    @Test(arguments: [
        ("(", 0, "missing closing )"), ("a)", 1, "unexpected ')'"), ("[a", 0, "missing closing ]"),
        ("*a", 0, "missing argument to repetition operator"), ("a**", 2, "invalid nested repetition operator"),
        ("a{1001}", 1, "repetition count above 1000"), ("a{3,2}", 1, "invalid repeat count"),
        ("\\1", 0, "backreferences"), ("(?=a)", 0, "look-around"), ("\\y", 0, "invalid escape sequence"),
        ("[z-a]", 0, "invalid character class range"), ("\\p{Greek}", 0, "Unicode class"), ("(?x)a", 2, "unknown flag"),
        ("a\\", 1, "trailing backslash"), ("[[:alphabet:]]", 1, "invalid character class range"),
    ] as [(String, Int, String)])
    func rejectsWhatRE2Rejects(pattern: String, offset: Int, fragment: String) {
        guard case .failure(let failure) = CELRegex.parse(pattern) else {
            Issue.record("'\(pattern)' was accepted")
            return
        }
        #expect(failure.offset == offset, "\(failure.message)")
        #expect(failure.message.contains(fragment), "\(failure.message)")
    }

    /// `(a+)+$` against 10,000 `a`s and a `b` is exponential for a backtracking engine and one
    /// pass here; the same through a program with a data-supplied text and pattern.
    @Test func nestedRepetitionIsLinear() throws {
        let text = String(repeating: "a", count: 10_000) + "b"
        // Linear: at most a few thread steps per character and pattern character; a backtracking
        // engine would need 2^10000.
        for (pattern, subject) in [("(a+)+$", text), ("(a|aa)*c", text), ("(x+x+)+y", String(repeating: "x", count: 10_000))] {
            guard case .success(let regex) = CELRegex.parse(pattern) else { Issue.record("\(pattern) does not parse"); continue }
            let (matched, work) = regex.matches(subject, workLimit: .max)
            #expect(matched == false, "\(pattern)")
            #expect(work <= subject.unicodeScalars.count * 10 * pattern.count, "\(pattern): \(work) steps")
        }
        let variables: [String: (CELType, CELValue)] = ["text": (.string, .string(text)), "p": (.string, .string("(a+)+$"))]
        #expect(evaluateChecked("text.matches('(a+)+$')", variables: variables).sameValue(.bool(false)))
        #expect(evaluateChecked("text.matches(p)", variables: variables).sameValue(.bool(false)))
    }

    /// A long text against a large pattern meets the cost limit instead of running on.
    @Test func matchingIsChargedToTheCostLimit() {
        let text = String(repeating: "a", count: 100_000)
        let variables: [String: (CELType, CELValue)] = ["text": (.string, .string(text))]
        let result = evaluateChecked("text.matches('(a|b|c|d|e){1,50}z')", variables: variables, costLimit: 100_000)
        #expect(result.error?.kind == .costLimitExceeded, "\(result)")
        #expect(evaluateChecked("text.matches('a$')", variables: variables).sameValue(.bool(true)))
    }

    @Test func patternSizeIsBounded() {
        guard case .failure(let failure) = CELRegex.parse("((a{1000}){1000}){1000}") else {
            Issue.record("accepted")
            return
        }
        #expect(failure.message.contains("pattern too large"))
        #expect(CELRegex.parse(String(repeating: "a", count: 10_001)).isFailure)
    }

    /// A literal pattern is checked with the expression; the issue points at the character.
    @Test(arguments: [
        ("'a'.matches('(')", 13, "missing closing )"),
        ("'a'.matches('ab)')", 15, "unexpected ')'"),
        ("matches('a', 'x**')", 16, "invalid nested repetition operator"),
        ("'a'.matches(r'\\d\\1')", 16, "backreferences"),
        ("'a'.matches('\\\\d\\\\1')", 12, "backreferences"),
    ])
    func invalidLiteralPatternIsACheckError(source: String, offset: Int, fragment: String) throws {
        guard case .failure(let errors) = CELEnvironment().compile(source) else {
            Issue.record("\(source) compiled")
            return
        }
        let issue = try #require(errors.issues.first)
        #expect(issue.offset == offset, "\(issue)")
        #expect(issue.message.contains(fragment), "\(issue.message)")
    }

    /// A pattern that comes from data is compiled at run time; a bad one is an error value.
    @Test func invalidPatternFromDataIsARuntimeError() {
        let variables: [String: (CELType, CELValue)] = ["p": (.string, .string("(a"))]
        let result = evaluateChecked("'a'.matches(p)", variables: variables)
        #expect(result.error?.kind == .invalidArgument)
        #expect(result.error?.message.contains("missing closing )") == true)
        #expect(evaluateUnchecked("'abc'.matches(p)", bindings: ["p": .string("[")]).error?.kind == .invalidArgument)
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// Random patterns over RE2's operators, run against random texts: the engine never crashes,
/// and where ICU (Foundation's `NSRegularExpression`, a backtracking engine with the same
/// meaning for these operators) also accepts the pattern, both agree on every text.
@Suite struct RegexDifferentialTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let pieces = ["a", "b", "ab", ".", "(", ")", "|", "*", "+", "?", "{2}", "{1,3}", "[ab]", "[^a]",
                         "^", "$", "\\d", "\\w", "(?:", "(?i)", "A", "\\b", "1", "*?"]

    @Test func agreesWithICUOnRandomPatterns() {
        var generator = Generator(state: 20_260_324)
        var compared = 0
        for _ in 0..<3_000 {
            var pattern = ""
            for _ in 0..<(1 + generator.next(8)) { pattern += Self.pieces[generator.next(Self.pieces.count)] }
            let texts = (0..<4).map { _ in
                String((0..<generator.next(7)).map { _ in Array("abA1 _")[generator.next(6)] })
            }
            guard case .success(let regex) = CELRegex.parse(pattern) else { continue }
            guard let icu = try? NSRegularExpression(pattern: pattern) else { continue }
            for text in texts {
                let ours = regex.matches(text, workLimit: .max).matched
                let range = NSRange(text.startIndex..<text.endIndex, in: text)
                let theirs = icu.firstMatch(in: text, range: range) != nil
                #expect(ours == theirs, "'\(text)'.matches('\(pattern)'): ours \(String(describing: ours)), ICU \(theirs)")
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }
}
