import Diagnostics
import RuleModel
import YAMLSource

/// What one rule file defines, names and computes, found from its YAML tree alone (so that it
/// answers while the rule set has errors): the ids it defines, the ids it refers to, and the
/// scalars whose value is CEL.
struct RuleFileIndex: Sendable {
    /// The kinds of things a rule file names.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        case metric, streak, achievement, milestone, rank, category, catalog, module, level, reminder
        case eventType = "event type"
        case test

        /// Awards are achievements and milestones: one namespace.
        var namespace: Kind { self == .milestone ? .achievement : self }
    }

    struct Symbol: Sendable, Hashable {
        var kind: Kind
        var id: String
        /// Where the id is written.
        var span: SourceSpan
        /// The whole entry (the mapping of an award, the pair of a metric).
        var entry: SourceSpan
        /// The id of the streak a milestone belongs to.
        var parent: String?
    }

    struct Reference: Sendable, Hashable {
        var kind: Kind
        var id: String
        var span: SourceSpan
    }

    /// A scalar whose value is a CEL expression.
    struct Expression: Sendable {
        var source: String
        var span: SourceSpan
        var map: ScalarPositionMap?
        var scope: FactTypes.Scope
        /// The id of the rule it belongs to (an award, a metric, a streak), for hover.
        var owner: String?
    }

    var file: String
    var symbols: [Symbol] = []
    var references: [Reference] = []
    var expressions: [Expression] = []
}

extension SourceSpan {
    /// Whether `position` lies inside the span or at its end (where the cursor is after typing).
    func contains(_ position: SourcePosition) -> Bool {
        start <= position && (position < end || position == end)
    }
}
