import CEL
import Diagnostics
import RuleModel
import YAMLSource

/// One rule test (docs/guide.md, "Rule tests"), as written in a `tests:` file.
package struct RuleTestCase: Sendable {
    package enum StateSource: Sendable {
        /// A path already resolved against the test file's folder.
        case file(String)
        /// An inline state mapping.
        case inline(YAMLNode)
    }
    package struct ExpectedProgress: Sendable, Hashable {
        package var current: Double?
        package var target: Double?
        package init(current: Double?, target: Double?) {
            self.current = current
            self.target = target
        }
    }
    /// Expected streak fields: any of current, longest, total_days, freezes_available (ints),
    /// status, last_day (strings; `nil` value = null).
    package struct ExpectedStreak: Sendable, Hashable {
        package var ints: [String: Int]
        package var strings: [String: String?]
        package init(ints: [String: Int] = [:], strings: [String: String?] = [:]) {
            self.ints = ints
            self.strings = strings
        }
    }
    /// What a module achievement's entry must show: the catalog version of its unlock and the
    /// levels released since (`new_levels: 0` matches an absent `new_levels`).
    package struct ExpectedModule: Sendable, Hashable {
        package var catalogVersion: Int?
        package var newLevels: Int?
        package init(catalogVersion: Int? = nil, newLevels: Int? = nil) {
            self.catalogVersion = catalogVersion
            self.newLevels = newLevels
        }
    }
    package struct Expectation: Sendable {
        /// Exactly these new unlocks (order-insensitive), when given.
        package var unlocks: [String]?
        package var unlocked: [String]?
        package var locked: [String]?
        package var progress: [String: ExpectedProgress]
        package var streaks: [String: ExpectedStreak]
        package var points: Int?
        package var rank: String?
        package var warnings: [String]?
        /// The exact instant each award unlocked (new or stored), whatever the offset written.
        package var unlockedAt: [String: CELTimestamp]
        package var modules: [String: ExpectedModule]
        /// Conditions that must be true at `now`, compiled against the facts when the rule set loads.
        package var holds: [RuleExpression]
        /// The values of shown metrics at `now` (`metrics:`), as written.
        package var metrics: [String: CELValue] = [:]
        /// The exact awards of each category (`categories:`), order-insensitive.
        package var categories: [String: [String]] = [:]
        /// `upcoming` and `reminders` as listed, in order: each entry's fields as written
        /// (`at` compared as an instant).
        package var upcoming: [[String: String]]?
        package var reminders: [[String: String]]?
        /// Where each expectation is written, by the subject of a mismatch (`unlocks`,
        /// `progress.focus_10_hours`, `holds[0]`): a failure names the most specific one.
        package var spans: [String: SourceSpan]
        /// The `holds` conditions as written, compiled when the whole rule set is known.
        var holdDrafts: [ExpressionDraft] = []
        /// Award ids and streak ids named by the expectation, checked against the rule set.
        var awardReferences: [Located<String>] = []
        var streakReferences: [Located<String>] = []

        package init(unlocks: [String]? = nil, unlocked: [String]? = nil, locked: [String]? = nil,
                    progress: [String: ExpectedProgress] = [:], streaks: [String: ExpectedStreak] = [:],
                    points: Int? = nil, rank: String? = nil, warnings: [String]? = nil,
                    unlockedAt: [String: CELTimestamp] = [:], modules: [String: ExpectedModule] = [:],
                    holds: [RuleExpression] = [], spans: [String: SourceSpan] = [:]) {
            self.unlocks = unlocks
            self.unlocked = unlocked
            self.locked = locked
            self.progress = progress
            self.streaks = streaks
            self.points = points
            self.rank = rank
            self.warnings = warnings
            self.unlockedAt = unlockedAt
            self.modules = modules
            self.holds = holds
            self.spans = spans
        }

        /// The keys of one expectation (`progress`, `streaks`, …) in the order the tests file
        /// writes them (by their `spans`; a key without one last, by name).
        package func written(_ keys: some Collection<String>, under subject: String) -> [String] {
            keys.sorted { a, b in
                switch (spans["\(subject).\(a)"]?.start, spans["\(subject).\(b)"]?.start) {
                case let (x?, y?): x == y ? a < b : x < y
                case (_?, nil): true
                case (nil, _?): false
                case (nil, nil): a < b
                }
            }
        }

        /// The place of the expectation behind a mismatch's subject: the longest written prefix.
        package func span(of subject: String) -> SourceSpan? {
            var key = subject
            while true {
                if let span = spans[key] { return span }
                guard let cut = key.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
                key = String(key[..<cut])
            }
        }
    }
    package var name: String
    package var state: StateSource
    /// `now` override as written (RFC 3339), checked when the file loads.
    package var now: String?
    package var expect: Expectation
    package var span: SourceSpan

    /// `bad_events: skip`: the state's unreadable events are left out (warned about as
    /// `bad_event`) instead of failing the test.
    package var skipsBadEvents = false

    package init(name: String, state: StateSource, now: String?, expect: Expectation, span: SourceSpan) {
        self.name = name
        self.state = state
        self.now = now
        self.expect = expect
        self.span = span
    }
}
