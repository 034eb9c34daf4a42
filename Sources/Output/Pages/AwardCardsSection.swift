import Evaluation
import RuleModel

/// Every achievement and milestone as a card, grouped by category in the order categories first
/// appear: unlocked ones with their date and points, locked ones greyed with a progress bar (or
/// the awards they wait for), hidden ones masked. Each card is `<li data-award="ID"
/// data-state="…">`, and its state is written in words, not told by colour alone.
package struct AwardCardsSection: DecisionPageSection {
    /// Each award's presentation fields (in the rule set's locale) by id.
    let infos: [String: AwardInfo]
    let titles: [String: String]
    /// A category's name to show, by category id (the id itself where none is given).
    let categoryNames: [String: String]

    package init(rules: RuleSet, categoryNames: [String: String] = [:]) {
        var infos: [String: AwardInfo] = [:]
        for achievement in rules.achievements { infos[achievement.info.id] = achievement.info }
        for streak in rules.streaks {
            for milestone in streak.milestones { infos[milestone.info.id] = milestone.info }
        }
        self.infos = infos
        titles = PageText.titles(of: rules)
        self.categoryNames = categoryNames
    }

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let awards = page.decision.achievements
        guard !awards.isEmpty else { return }
        let newIDs = Set(page.decision.unlocks.map(\.id))
        let unlocked = awards.filter { $0.state == .unlocked }.count
        html.openSection(id: "awards", heading: "Achievements: \(unlocked) of \(awards.count) unlocked")
        html.raw("<p class=\"filters\" hidden>Show: <button type=\"button\" data-filter=\"all\" aria-pressed=\"true\" hidden>")
        html.raw("All</button><button type=\"button\" data-filter=\"unlocked\" aria-pressed=\"false\" hidden>Unlocked</button>")
        html.raw("<button type=\"button\" data-filter=\"locked\" aria-pressed=\"false\" hidden>Locked</button></p>")
        var categories: [String] = []
        var byCategory: [String: [AwardStanding]] = [:]
        for award in awards {
            if byCategory[award.category] == nil { categories.append(award.category) }
            byCategory[award.category, default: []].append(award)
        }
        for category in categories {
            let members = byCategory[category] ?? []
            let done = members.filter { $0.state == .unlocked }.count
            html.open("section", [("class", "category"), ("data-category", category)])
            html.element("h3") { html in
                PageText.writeName(category, title: categoryNames[category], to: &html)
                html.element("span", [("class", "muted")], text: " · \(done) of \(members.count)")
            }
            html.open("ul", [("class", "cards")])
            for award in members { card(award, isNew: newIDs.contains(award.id), to: &html) }
            html.close("ul")
            html.close("section")
        }
        html.close("section")
    }

    private func card(_ award: AwardStanding, isNew: Bool, to html: inout HTMLWriter) {
        let state = award.state.rawValue
        if award.hidden {
            html.element("li", [("class", "card masked"), ("data-award", award.id), ("data-state", state),
                                ("data-hidden", "true")]) { html in
                html.element("p", [("class", "state")], text: "? Hidden")
                html.element("h4", text: "Hidden achievement")
                html.element("p", [("class", "desc")], text: "Shown once it is unlocked.")
            }
            return
        }
        let info = infos[award.id]
        html.element("li", [("class", "card"), ("data-award", award.id), ("data-state", state)]) { html in
            html.element("p", [("class", "state")], text: award.state == .unlocked ? "\u{2713} Unlocked" : "\u{25CB} Locked")
            if isNew { html.element("span", [("class", "new")], text: " New") }
            html.element("h4") { PageText.writeName(award.id, title: info?.title, to: &$0) }
            if let description = info?.description { html.element("p", [("class", "desc")], text: description) }
            if award.state == .unlocked {
                unlockedFacts(award, points: info?.points ?? 0, to: &html)
            } else {
                lockedFacts(award, points: info?.points ?? 0, to: &html)
            }
        }
    }

    private func unlockedFacts(_ award: AwardStanding, points: Int, to html: inout HTMLWriter) {
        html.element("p") { html in
            if let at = award.unlockedAt {
                html.text("on ")
                html.element("time", [("datetime", at.description)], text: PageText.shortTime(at))
            }
            if points != 0 { html.text(" · \(points) points") }
            if let times = award.times, times > 1 { html.text(" · \(times) times") }
        }
        if let version = award.catalogVersion {
            var text = "catalog version \(version)"
            if let added = award.newLevels { text += " · " + PageText.count(added, "new level", "new levels") + " since" }
            html.element("p", [("class", "muted")], text: text)
        }
    }

    private func lockedFacts(_ award: AwardStanding, points: Int, to html: inout HTMLWriter) {
        if let waiting = award.waitingFor {
            html.element("p", [("class", "waiting")]) { html in
                html.text("Done, waiting for: ")
                for (index, id) in waiting.enumerated() {
                    if index > 0 { html.text(", ") }
                    html.element("span", [("data-waiting-for", id)]) { PageText.writeName(id, title: titles[id], to: &$0) }
                }
            }
        } else {
            let figure = PageText.number(award.progress.current) + " / " + PageText.number(award.progress.target)
            html.element("div", [("class", "bar"), ("role", "progressbar"), ("aria-label", "progress"),
                                 ("aria-valuetext", figure)]) { html in
                html.element("span", [("style", "width:" + PageText.percent(award.progress.fraction))], text: "")
            }
            html.element("p", text: figure + " (" + PageText.percent(award.progress.fraction) + ")")
        }
        if points != 0 { html.element("p", [("class", "muted")], text: "worth \(points) points") }
    }
}
