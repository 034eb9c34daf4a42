import Diagnostics
import YAMLSource

/// One rule test (SPEC 7.3), as written in a `tests:` file.
public struct RuleTestCase: Sendable {
    public enum StateSource: Sendable {
        /// A path already resolved against the test file's folder.
        case file(String)
        /// An inline state mapping.
        case inline(YAMLNode)
    }
    public struct ExpectedProgress: Sendable, Hashable {
        public var current: Double?
        public var target: Double?
        public init(current: Double?, target: Double?) {
            self.current = current
            self.target = target
        }
    }
    /// Expected streak fields: any of current, longest, total_days, freezes_available (ints),
    /// status, last_day (strings; `nil` value = null).
    public struct ExpectedStreak: Sendable, Hashable {
        public var ints: [String: Int]
        public var strings: [String: String?]
        public init(ints: [String: Int] = [:], strings: [String: String?] = [:]) {
            self.ints = ints
            self.strings = strings
        }
    }
    public struct Expectation: Sendable {
        /// Exactly these new unlocks (order-insensitive), when given.
        public var unlocks: [String]?
        public var unlocked: [String]?
        public var locked: [String]?
        public var progress: [String: ExpectedProgress]
        public var streaks: [String: ExpectedStreak]
        public var points: Int?
        public var rank: String?
        public var warnings: [String]?
        public init(unlocks: [String]? = nil, unlocked: [String]? = nil, locked: [String]? = nil,
                    progress: [String: ExpectedProgress] = [:], streaks: [String: ExpectedStreak] = [:],
                    points: Int? = nil, rank: String? = nil, warnings: [String]? = nil) {
            self.unlocks = unlocks
            self.unlocked = unlocked
            self.locked = locked
            self.progress = progress
            self.streaks = streaks
            self.points = points
            self.rank = rank
            self.warnings = warnings
        }
    }
    public var name: String
    public var state: StateSource
    /// `now` override as written (RFC 3339).
    public var now: String?
    public var expect: Expectation
    public var span: SourceSpan

    public init(name: String, state: StateSource, now: String?, expect: Expectation, span: SourceSpan) {
        self.name = name
        self.state = state
        self.now = now
        self.expect = expect
        self.span = span
    }
}
