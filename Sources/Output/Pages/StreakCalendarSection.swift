import Evaluation
import Facts
import RuleModel

/// Every streak: its figures (current and longest run, total, freezes left, status), its
/// milestones, and a calendar of its days, a table per month with a column per weekday. Each
/// streak is `<section data-streak="ID">` and each of its days `<td data-day="YYYY-MM-DD"
/// data-status="…">`; a day's status shows as a mark and in words as well as a colour.
package struct StreakCalendarSection: DecisionPageSection {
    let titles: [String: String]
    /// Each streak's milestones (days and award id), by streak id.
    let milestones: [String: [(days: Int, id: String)]]
    let hasFreezes: Set<String>

    package init(rules: RuleSet) {
        titles = PageText.titles(of: rules)
        var milestones: [String: [(days: Int, id: String)]] = [:]
        for streak in rules.streaks { milestones[streak.id] = streak.milestones.map { ($0.days, $0.info.id) } }
        self.milestones = milestones
        hasFreezes = Set(rules.streaks.filter { $0.freezes != nil }.map(\.id))
    }

    static let statusWords: [StreakDayStatus: String] = [
        .qualifying: "qualifying", .frozen: "frozen (a freeze covered it)", .missed: "missed",
        .pending: "pending (today, not done yet)", .expired: "expired (its plan passed the kill time)",
    ]

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let streaks = page.decision.streaks
        guard !streaks.isEmpty else { return }
        html.openSection(id: "streaks", heading: "Streaks")
        for streak in streaks {
            write(streak, calendar: page.calendar(of: streak.id), decision: page.decision, to: &html)
        }
        html.close("section")
    }

    private func write(_ streak: StreakStanding, calendar: StreakCalendar?, decision: Decision, to html: inout HTMLWriter) {
        html.open("section", [("class", "streak"), ("data-streak", streak.id), ("data-streak-status", streak.status),
                              ("data-current", String(streak.current)), ("data-longest", String(streak.longest)),
                              ("data-freezes", String(streak.freezesAvailable))])
        html.element("h3") { PageText.writeName(streak.id, title: titles[streak.id], to: &$0) }
        html.open("dl", [("class", "figures")])
        figure("Current run", PageText.count(streak.current, "day", "days"), to: &html)
        figure("Longest run", PageText.count(streak.longest, "day", "days"), to: &html)
        figure("Qualifying days", String(streak.totalDays), to: &html)
        if hasFreezes.contains(streak.id) { figure("Freezes left", String(streak.freezesAvailable), to: &html) }
        figure("Status", streak.status.replacingOccurrences(of: "_", with: " "), to: &html)
        html.close("dl")
        writeMilestones(of: streak.id, decision: decision, to: &html)
        let days = calendar?.days ?? []
        guard let first = days.first?.day else {
            html.element("p", [("class", "muted")], text: "No qualifying day yet.")
            html.close("section")
            return
        }
        writeLegend(days, to: &html)
        html.open("div", [("class", "months")])
        var month = first - (first.civil.day - 1)
        while month <= days[days.count - 1].day {
            month = writeMonth(from: month, days: days, to: &html)
        }
        html.close("div")
        html.close("section")
    }

    private func writeMilestones(of streak: String, decision: Decision, to html: inout HTMLWriter) {
        guard let milestones = milestones[streak], !milestones.isEmpty else { return }
        html.open("ul", [("class", "milestones"), ("aria-label", "milestones")])
        for milestone in milestones {
            let unlocked = decision.achievement(milestone.id)?.state == .unlocked
            html.element("li", [("data-milestone", milestone.id), ("data-state", unlocked ? "unlocked" : "locked"),
                                ("title", titles[milestone.id] ?? milestone.id)],
                         text: (unlocked ? "\u{2713} " : "\u{25CB} ") + PageText.count(milestone.days, "day", "days"))
        }
        html.close("ul")
    }

    private func writeLegend(_ days: [StreakCalendar.Day], to html: inout HTMLWriter) {
        var counts: [StreakDayStatus: Int] = [:]
        for day in days { counts[day.status, default: 0] += 1 }
        html.open("ul", [("class", "legend"), ("aria-label", "what the days show")])
        for status in StreakDayStatus.allCases where counts[status] != nil {
            html.element("li") { html in
                html.element("span", [("class", "swatch"), ("data-swatch", status.rawValue), ("aria-hidden", "true")], text: "")
                html.text("\(Self.statusWords[status] ?? status.rawValue): \(counts[status] ?? 0)")
            }
        }
        html.close("ul")
    }

    /// One month's table, from its first day; returns the first day of the next month.
    private func writeMonth(from start: LocalDay, days: [StreakCalendar.Day], to html: inout HTMLWriter) -> LocalDay {
        let (year, month, _) = start.civil
        let first = days[0].day
        html.open("table", [("class", "month")])
        html.element("caption", text: "\(year)-\(month < 10 ? "0" : "")\(month)")
        html.raw("<thead><tr>")
        for (short, long) in [("Mo", "Monday"), ("Tu", "Tuesday"), ("We", "Wednesday"), ("Th", "Thursday"),
                              ("Fr", "Friday"), ("Sa", "Saturday"), ("Su", "Sunday")] {
            html.element("th", [("scope", "col"), ("abbr", long)], text: short)
        }
        html.raw("</tr></thead><tbody><tr>")
        for _ in 1..<start.weekday { html.raw("<td class=\"out\"></td>") }
        var day = start
        while day.civil.month == month {
            if day.weekday == 1 && day != start { html.raw("</tr><tr>") }
            let offset = day.number - first.number
            if offset >= 0 && offset < days.count {
                let status = days[offset].status
                let date = day.description
                html.element("td", [("data-day", date), ("data-status", status.rawValue),
                                     ("title", date + ": " + (Self.statusWords[status] ?? status.rawValue))]) { html in
                    html.text(String(day.civil.day))
                    html.element("span", [("class", "sr")], text: " " + status.rawValue)
                }
            } else {
                html.element("td", [("class", "out")], text: String(day.civil.day))
            }
            day = day + 1
        }
        for _ in 0..<((8 - day.weekday) % 7) { html.raw("<td class=\"out\"></td>") }
        html.raw("</tr></tbody>")
        html.close("table")
        return day
    }

    private func figure(_ name: String, _ value: String, to html: inout HTMLWriter) {
        html.element("div") { html in
            html.element("dt", text: name)
            html.element("dd", text: value)
        }
    }
}
