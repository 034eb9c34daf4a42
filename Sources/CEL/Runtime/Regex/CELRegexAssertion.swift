/// Zero-width tests: `^`, `$` (per line under `(?m)`), `\A`, `\z`, `\b`, `\B`.
enum CELRegexAssertion: Sendable, Equatable {
    case lineStart, lineEnd, textStart, textEnd, wordBoundary, notWordBoundary
}
