import Foundation
import Testing
import TestSupport

/// `eval --format html` and `explain --format html` from the command line (docs/pages.md). The
/// browser reads the pages back in Tests/pages/check_pages.py (`make test`).
@Suite struct PageCommandTests {
    static let hostileRules = "Tests/pages/hostile"
    static let hostileState = "Tests/pages/hostile/state.json"

    static func attributes(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The long-time TaskMate user's page: under 300 KB, a card per award of the JSON decision.
    @Test func longTimeUserPageIsSmallAndComplete() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let state = "examples/taskmate/long_time_user.json"
        let page = try RulecheckRun.run(["eval", "--ruleset", "taskmate", "--state", state, "--format", "html"])
        #expect(page.status == 0)
        #expect(page.stdout.utf8.count < 300 * 1024, "\(page.stdout.utf8.count) bytes")
        let json = try CommandLineTests.decision(["eval", "--ruleset", "taskmate", "--state", state, "--format", "json"])
        guard case .object(let awards)? = json["achievements"] else {
            Issue.record("no achievements in the JSON decision")
            return
        }
        #expect(Self.attributes("data-award", in: page.stdout).sorted() == awards.keys.sorted())
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>"))
        let again = try RulecheckRun.run(["eval", "--ruleset", "taskmate", "--state", state, "--format", "html"])
        #expect(again.stdout == page.stdout, "the same bytes every time")
    }

    /// Titles in `--locale`.
    @Test func titlesInTheLocale() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let page = try RulecheckRun.run(["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json",
                                         "--format", "html", "--locale", "en"])
        #expect(page.stdout.contains("Night Owl <span class=\"id\">focus_night_owl</span>"))
    }

    /// Markup in titles, categories, the user id, event types and stored unlock ids is text.
    @Test(arguments: [["eval", hostileRules, "--state", hostileState, "--format", "html"],
                      ["explain", hostileRules, "--state", hostileState, "--format", "html", "hostile_event"]])
    func hostileTextsAreEscaped(arguments: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let page = try RulecheckRun.run(arguments)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!page.stdout.contains("<img"))
        #expect(!page.stdout.contains("\" onerror="))
        #expect(!page.stdout.contains("' onmouseover="))
        #expect(page.stdout.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
    }

    @Test func explainPageShowsTheTree() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let page = try RulecheckRun.run(["explain", "--ruleset", "weekyii", "--state", "examples/weekyii/refused_kill_time.json",
                                         "--format", "html", "perfect_week"])
        #expect(page.status == 0)
        #expect(page.stdout.contains("data-award=\"perfect_week\" data-state=\"locked\""))
        #expect(Self.attributes("data-term-value", in: page.stdout) == ["false", "false", "other", "skipped", "skipped", "skipped", "skipped"])
        #expect(page.stdout.contains("\u{2717} false"))
        #expect(page.stdout.contains("What is missing"))
        #expect(Self.treeShape(page.stdout) == "[false[false[other]][skipped[skipped]]][skipped[skipped]]",
                "each part holds its own parts, as the text explanation indents them")
    }

    /// The condition tree's nesting: `[kind` for each part, `]` where it ends.
    static func treeShape(_ html: String) -> String {
        guard let start = html.range(of: "<ul class=\"tree\">") else { return "" }
        var shape = ""
        var rest = html[start.upperBound...]
        var depth = 1
        while depth > 0, let tag = rest.range(of: "<") {
            rest = rest[tag.upperBound...]
            if rest.hasPrefix("li data-term-value=\"") {
                shape += "[" + rest.dropFirst(20).prefix { $0 != "\"" }
            } else if rest.hasPrefix("/li>") {
                shape += "]"
            } else if rest.hasPrefix("ul") {
                depth += 1
            } else if rest.hasPrefix("/ul>") {
                depth -= 1
            }
        }
        return shape
    }

    @Test func batchHasNoPage() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["eval", "--ruleset", "taskmate", "--batch", "--format", "html"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--format html is a page for one state"))
    }
}
