import Evaluation
import RuleModel

/// What is coming: the changes time alone brings after `now` if no event arrives (`upcoming`),
/// and the reminders due for them (`reminders`), each a table row with its moment, what changes
/// and what it is about (`data-upcoming="KIND"`, `data-reminder="ID"`). Nothing when both are empty.
package struct UpcomingSection: DecisionPageSection {
    let titles: [String: String]
    let reminderTitles: [String: String]

    package init(rules: RuleSet) {
        titles = PageText.titles(of: rules)
        reminderTitles = Dictionary(rules.reminders.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    /// What each kind means for a person.
    static let words: [String: String] = [
        "streak_at_risk": "the streak turns at risk",
        "streak_freezes": "a freeze is spent on a missed day; the run goes on",
        "streak_breaks": "the streak breaks",
        "freeze_refill": "the freezes refill",
        "day_expires": "the day's plan expires",
        "available_from": "the achievement becomes available",
        "available_until": "the achievement stops being available",
        "daily": "daily, on the day",
    ]

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let decision = page.decision
        guard !decision.upcoming.isEmpty || !decision.reminders.isEmpty else { return }
        html.openSection(id: "upcoming", heading: "Coming up")
        if decision.upcoming.isEmpty {
            html.element("p", text: "Nothing changes by time alone before the end of tomorrow.")
        } else {
            html.element("p", [("class", "muted")], text: "If no event arrives, time alone brings these changes:")
            PageText.openTable(&html)
            html.raw("<thead><tr><th scope=\"col\">When</th><th scope=\"col\">What happens</th><th scope=\"col\">About</th></tr></thead><tbody>")
            for change in decision.upcoming {
                html.element("tr", [("data-upcoming", change.kind), ("data-subject", change.subject)]) { html in
                    html.element("td") { $0.element("time", [("datetime", change.at.description)], text: PageText.shortTime(change.at)) }
                    html.element("td", text: Self.words[change.kind] ?? change.kind)
                    html.element("td") { subject(change.streak, change.day, change.achievement, to: &$0) }
                }
            }
            html.raw("</tbody>")
            PageText.closeTable(&html)
        }
        writeReminders(decision.reminders, to: &html)
        html.close("section")
    }

    private func writeReminders(_ reminders: [DueReminder], to html: inout HTMLWriter) {
        guard !reminders.isEmpty else { return }
        html.element("h3", text: "Reminders due")
        PageText.openTable(&html)
        html.raw("<thead><tr><th scope=\"col\">When</th><th scope=\"col\">Reminder</th><th scope=\"col\">For</th></tr></thead><tbody>")
        for reminder in reminders {
            html.element("tr", [("data-reminder", reminder.id), ("data-kind", reminder.kind)]) { html in
                html.element("td") { $0.element("time", [("datetime", reminder.at.description)], text: PageText.shortTime(reminder.at)) }
                html.element("td") { PageText.writeName(reminder.id, title: reminderTitles[reminder.id], to: &$0) }
                html.element("td") { html in
                    html.text((Self.words[reminder.kind] ?? reminder.kind) + ": ")
                    subject(reminder.streak, reminder.day, reminder.achievement, to: &html)
                }
            }
        }
        html.raw("</tbody>")
        PageText.closeTable(&html)
    }

    private func subject(_ streak: String?, _ day: String?, _ achievement: String?, to html: inout HTMLWriter) {
        if let id = streak ?? achievement {
            PageText.writeName(id, title: titles[id], to: &html)
        } else if let day {
            html.text("the day " + day)
        }
    }
}
