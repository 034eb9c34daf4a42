import RuleModel

/// A rule set for each worker thread of a batch: the first worker takes the rules themselves,
/// every other one decodes its own copy from the compiled form. The reference counts of objects
/// two cores share bounce between their caches at every retain and release. Checked
/// rules always decode; were they not to, sharing them is only slower.
package struct WorkerRuleCopies: Sendable {
    private let rules: RuleSet
    private let bundle: [UInt8]

    package init(_ rules: RuleSet, workers: Int) {
        self.rules = rules
        bundle = workers > 1 ? Array(RuleBundle.json(of: rules).utf8) : []
    }

    /// The rules for worker `index` (call it on that worker's own thread).
    package func rules(forWorker index: Int) -> RuleSet {
        guard index > 0, !bundle.isEmpty else { return rules }
        return (try? RuleBundle.decode(bundle)) ?? rules
    }
}
