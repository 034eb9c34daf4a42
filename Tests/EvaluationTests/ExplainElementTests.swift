import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Rules
import Testing
import TestSupport

/// `explain` of a condition with `exists` or `all` over a list names the element that decides
/// it: the one that made an `exists` true, the one that came closest to a false one (most parts
/// true, then the smallest shortfall of a comparison), the first that makes an `all` false; the
/// page names the award's category by its title.
@Suite struct ExplainElementTests {
    static func explanation(_ id: String) throws -> (Explanation, RuleSet) {
        let fixture = try ScenarioFixture("explain_elements")
        let rules = try #require(RuleSetLoader.load(paths: [fixture.folder.appendingPathComponent("rules.yaml").path]).ruleSet)
        let state = try fixture.state()
        let facts = try StateFacts(state: state, rules: rules, now: try #require(state.now))
        let outcome = Replay(rules: rules).run(facts)
        return (try #require(ExplanationBuilder(rules: rules, outcome: outcome, events: facts.events).explain(id)), rules)
    }

    @Test(arguments: [
        // The 90-minute session is 30 short, the 25-minute one 95: the first in the file is closer.
        ("long_focus", ExplanationElement.Role.cameClosest, "events[0]: focus_session at 2026-03-02T09:30:00+08:00",
         ["e.minutes >= 120"]),
        ("all_focused", .failsFirst, "events[2]: task_completed at 2026-03-02T10:00:00+08:00", ["e.type == \"focus_session\""]),
        // Events in time order: the session of 1 March, written second, comes first.
        ("any_focus", .madeTrue, "events[1]: focus_session at 2026-03-01T09:30:00+08:00", []),
    ])
    func namesTheDecidingElement(id: String, role: ExplanationElement.Role, element: String, failing: [String]) throws {
        let (explanation, _) = try Self.explanation(id)
        let found = try #require(explanation.elements.first)
        #expect(explanation.elements.count == 1)
        #expect(found.role == role)
        #expect(found.element == element)
        #expect(found.failing == failing)
    }

    @Test func theTextAndThePageSayWhichPartFailed() throws {
        let (explanation, rules) = try Self.explanation("long_focus")
        let text = ExplanationTextRenderer().render(explanation)
        #expect(text.contains("events.exists(e, e.type == \"focus_session\" && e.minutes >= 120): events[0]: focus_session at 2026-03-02T09:30:00+08:00 came closest\n"))
        #expect(text.contains("    e.minutes                → 90\n"))
        #expect(text.contains("  - events[0]: focus_session at 2026-03-02T09:30:00+08:00 came closest: not true for it: e.minutes >= 120\n"))
        let page = ExplanationHTMLRenderer(rules: rules).render(explanation)
        #expect(page.contains("<dt>Category</dt><dd>专注大师 <span class=\"id\">focus</span></dd>"))
        #expect(page.contains("came closest"))
    }
}
