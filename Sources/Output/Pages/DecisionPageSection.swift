/// One part of the decision's page (points and rank, the award cards, the streaks, …): each is
/// made from the rule set it needs and writes one `<section>`, or nothing when it has nothing to
/// show. A new part of the decision is one more section in `DecisionHTMLRenderer.sections`.
package protocol DecisionPageSection: Sendable {
    func write(_ page: DecisionPage, to html: inout HTMLWriter)
}
