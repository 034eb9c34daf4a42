import Evaluation
import JSON
import RuleModel
import Rules

/// The decision for a person (docs/evaluation.md, "The decision"): new unlocks first with their dates, then a progress bar per
/// locked achievement (hidden ones as "???"), what is already unlocked, the categories with how
/// many of their awards are unlocked, streaks with their status, points and rank, the shown
/// metrics, and warnings.
package struct DecisionTextRenderer: Renderer {
    /// Width of a progress bar in characters.
    package var barWidth: Int
    /// Titles by award, streak and rank id, from the rule set (in the locale to show).
    let titles: [String: String]
    /// The rule set's categories (titles in the locale to show).
    let categories: [CategoryRule]
    /// Titles of reminders by id (their own namespace).
    let reminderTitles: [String: String]

    package init(rules: RuleSet = RuleSet(), barWidth: Int = 20) {
        self.barWidth = max(1, barWidth)
        titles = Self.titles(of: rules)
        categories = rules.categories
        reminderTitles = Dictionary(rules.reminders.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    package func render(_ decision: Decision) -> String {
        var lines: [String] = ["\(decision.user) at \(decision.now.description)", ""]
        lines += Self.ruleErrorLines(decision.warnings)

        lines.append(decision.unlocks.isEmpty ? "No new unlocks." : "New unlocks (\(decision.unlocks.count)):")
        for unlock in decision.unlocks {
            var line = "  + \(Self.name(unlock.id, titles)) at \(unlock.at.description)"
            if unlock.points != 0 { line += "  +\(unlock.points) points" }
            if let version = unlock.catalogVersion { line += "  (catalog version \(version))" }
            lines.append(line)
        }

        let locked = decision.achievements.filter { $0.state == .locked }
        if !locked.isEmpty {
            lines.append("")
            lines.append("Locked (\(locked.count)):")
            let names = locked.map { $0.hidden ? "???" : Self.name($0.id, titles) }
            let width = names.map(Self.displayWidth).max() ?? 0
            for (standing, name) in zip(locked, names) {
                let padded = name + String(repeating: " ", count: max(0, width - Self.displayWidth(name)))
                if let waiting = standing.waitingFor {
                    lines.append("  \(padded)  waiting for " + waiting.map { Self.name($0, titles) }.joined(separator: ", "))
                } else {
                    lines.append("  \(padded)  \(bar(standing.progress))  \(Self.figure(standing.progress))")
                }
            }
        }

        let earned = decision.achievements.filter { $0.state == .unlocked }
        if !earned.isEmpty {
            lines.append("")
            lines.append("Unlocked (\(earned.count)):")
            for standing in earned {
                var line = "  \(Self.name(standing.id, titles))"
                if let at = standing.unlockedAt { line += " since \(at.description)" }
                if let times = standing.times, times > 1 { line += ", \(times) times" }
                if let added = standing.newLevels { line += "  (\(added) new level\(added == 1 ? "" : "s") since)" }
                lines.append(line)
            }
        }

        lines += categoryLines(decision.achievements)

        lines += streakLines(decision.streaks)
        lines += ["", pointsLine(decision)]
        lines += Self.metricLines(decision.metrics)
        lines += comingUpLines(decision)

        lines += Self.warningLines(decision.warnings)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Streaks:` and a line per streak (nothing without streaks).
    func streakLines(_ streaks: [StreakStanding]) -> [String] {
        guard !streaks.isEmpty else { return [] }
        var lines = ["", "Streaks:"]
        for streak in streaks {
            var line = "  \(Self.name(streak.id, titles)): \(streak.current) day\(streak.current == 1 ? "" : "s"), \(streak.status)"
            line += " (longest \(streak.longest), total \(streak.totalDays)"
            line += ", freezes \(streak.freezesAvailable)"
            if let last = streak.lastDay { line += ", last \(last)" }
            lines.append(line + ")")
        }
        return lines
    }

    /// `Points: N   Rank: …` with the next rank and how far it is.
    func pointsLine(_ decision: Decision) -> String {
        var standing = "Points: \(decision.points)"
        guard let rank = decision.rank else { return standing }
        standing += "   Rank: \(rank.title) (\(rank.id))"
        if let next = rank.next {
            standing += ", next \(titles[next.id] ?? next.id) at \(next.minPoints) (\(next.minPoints - decision.points) to go)"
        } else {
            standing += ", top rank"
        }
        return standing
    }

    /// The warnings other than rule errors (those come first, `ruleErrorLines`).
    static func warningLines(_ warnings: [EvaluationWarning]) -> [String] {
        let others = warnings.filter { !isRuleError($0) }
        guard !others.isEmpty else { return [] }
        var lines = ["", "Warnings (\(others.count)):"]
        for warning in others {
            var line = "  \(warning.code): \(warning.message)"
            if let path = warning.path {
                line += " [\(path)]"
            } else if let event = warning.event {
                line += " [events[\(event)]]"
            }
            lines.append(line)
        }
        return lines
    }

    /// `Categories:` and a line per category: its title and how many of its awards are unlocked.
    func categoryLines(_ awards: [AwardStanding]) -> [String] {
        guard !categories.isEmpty else { return [] }
        var lines = ["", "Categories:"]
        let names = categories.map { $0.title == $0.id ? $0.id : "\($0.title) (\($0.id))" }
        let width = names.map(Self.displayWidth).max() ?? 0
        for (category, name) in zip(categories, names) {
            let members = awards.filter { $0.category == category.id }
            let unlocked = members.filter { $0.state == .unlocked }.count
            let padded = name + String(repeating: " ", count: max(0, width - Self.displayWidth(name)))
            lines.append("  \(padded)  \(unlocked) of \(members.count) unlocked")
        }
        return lines
    }

    /// What time alone changes by the end of tomorrow and the reminders due for it (nothing when
    /// there are none).
    func comingUpLines(_ decision: Decision) -> [String] {
        guard !decision.upcoming.isEmpty || !decision.reminders.isEmpty else { return [] }
        var lines = ["", "Coming up:"]
        for change in decision.upcoming {
            let subject = change.day.map { "day \($0)" } ?? Self.name(change.subject, titles)
            lines.append("  \(change.at.description)  \(change.kind.replacingOccurrences(of: "_", with: " ")): \(subject)")
        }
        if !decision.reminders.isEmpty {
            lines.append("Reminders:")
            for reminder in decision.reminders {
                let subject = reminder.day.map { "day \($0)" } ?? Self.name(reminder.streak ?? reminder.achievement ?? "", titles)
                lines.append("  \(reminder.at.description)  \(Self.name(reminder.id, reminderTitles))"
                             + "  (\(reminder.kind.replacingOccurrences(of: "_", with: " ")): \(subject))")
            }
        }
        return lines
    }

    /// `Metrics:` and a line per shown metric (`name: value`, the value as JSON on one line).
    static func metricLines(_ metrics: [ShownMetric]) -> [String] {
        guard !metrics.isEmpty else { return [] }
        return ["", "Metrics:"] + metrics.map { "  \($0.id): " + JSONWriter.write($0.value, layout: .compact) }
    }

    /// Rules that could not be judged, at the top: the user's result is wrong until they are fixed.
    static func ruleErrorLines(_ warnings: [EvaluationWarning]) -> [String] {
        let errors = warnings.filter(isRuleError)
        guard !errors.isEmpty else { return [] }
        let count = errors.count == 1 ? "1 rule" : "\(errors.count) rules"
        var lines = ["!! \(count) could not be judged and count as not holding; fix the rules:"]
        for warning in errors {
            lines.append("  \(warning.code): \(warning.message)")
        }
        return lines + [""]
    }

    static func isRuleError(_ warning: EvaluationWarning) -> Bool {
        warning.code == "rule_error" || warning.code == "cost_limit"
    }

    /// `[#######-------------]`: the done part of the progress.
    package func bar(_ progress: AwardProgress) -> String {
        let filled = Swift.min(barWidth, Int(progress.fraction * Double(barWidth)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
    }

    static func figure(_ progress: AwardProgress) -> String {
        "\(text(progress.current))/\(text(progress.target))"
    }

    static func text(_ number: ProgressNumber) -> String {
        switch number {
        case .int(let v): String(v)
        case .double(let v): v.isFinite && abs(v) < 1e15 && Double(Int64(v)) == v ? String(Int64(v)) : "\(v)"
        }
    }

    static func name(_ id: String, _ titles: [String: String]) -> String {
        guard let title = titles[id], title != id else { return id }
        return "\(title) (\(id))"
    }

    /// Titles of achievements, milestones, streaks and ranks by id.
    static func titles(of rules: RuleSet) -> [String: String] {
        var titles: [String: String] = [:]
        for achievement in rules.achievements { titles[achievement.info.id] = achievement.info.title }
        for streak in rules.streaks {
            titles[streak.id] = streak.title
            for milestone in streak.milestones { titles[milestone.info.id] = milestone.info.title }
        }
        for rank in rules.ranks where titles[rank.id] == nil { titles[rank.id] = rank.title }
        return titles
    }

    /// Terminal columns of `text`: East Asian wide characters (CJK, Hangul, full-width forms)
    /// take two, so the progress bars of Chinese titles line up.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                width + 2
            default:
                width + 1
            }
        }
    }
}
