import Foundation
import Testing
import TestSupport

/// Bad usage that gets past ArgumentParser: exit 2 with a message that helps.
@Suite struct UsageTests {
    @Test func explainWithAnUnknownIDSuggestsTheClosest() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["explain", "rules/taskmate", "--state", "examples/taskmate/showcase.json",
                                        "focus_first_sesion"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: no achievement or milestone 'focus_first_sesion' in the rules; did you mean 'focus_first_session'?"),
                "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
