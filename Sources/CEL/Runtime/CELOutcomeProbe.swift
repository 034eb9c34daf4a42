import Foundation

/// Counts how often chosen sub-expressions of one expression evaluated to `true`, to `false`, or
/// to anything else, over every evaluation of the programs planned with it
/// (`CELProgram(checked:probe:)`): what a host needs to measure the coverage of its conditions.
///
/// A program planned without a probe holds no trace of one, so probing costs nothing when off.
/// A planned probe keeps every node it watches (no constant folding, as on the traced path), so
/// each one is evaluated where the program reaches it, and an operand that `&&`, `||` or `? :`
/// skipped is not counted. Shared by the evaluations that use its programs, on any thread.
package final class CELOutcomeProbe: @unchecked Sendable {
    /// How often one watched node evaluated to each kind of value.
    package struct Outcomes: Sendable, Hashable {
        package var trueCount = 0
        package var falseCount = 0
        /// Errors and values that are no bool.
        package var otherCount = 0

        package init(trueCount: Int = 0, falseCount: Int = 0, otherCount: Int = 0) {
            self.trueCount = trueCount
            self.falseCount = falseCount
            self.otherCount = otherCount
        }

        /// Whether the node was reached at all.
        package var evaluated: Bool { trueCount + falseCount + otherCount > 0 }
    }

    /// The node ids whose outcomes are counted.
    package let watched: Set<CELExprID>
    // Guards `counts`: the programs that record here are `Sendable` and may run on any thread.
    private let lock = NSLock()
    private var counts: [CELExprID: Outcomes] = [:]

    /// A probe counting the outcomes of the nodes `ids` (of the expression it is planned with).
    package init(watching ids: some Sequence<CELExprID>) {
        watched = Set(ids)
    }

    /// What node `id` evaluated to so far.
    package func outcomes(of id: CELExprID) -> Outcomes {
        lock.withLock { counts[id] ?? Outcomes() }
    }

    func record(_ id: CELExprID, _ value: CELValue) {
        lock.withLock {
            var outcomes = counts[id] ?? Outcomes()
            switch value {
            case .bool(true): outcomes.trueCount += 1
            case .bool(false): outcomes.falseCount += 1
            default: outcomes.otherCount += 1
            }
            counts[id] = outcomes
        }
    }
}
