import ArgumentParser
import Diagnostics
import Facts
import Foundation
import Output
import RuleDiff
import RuleModel
import Rules

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what a rule change does: the rules that changed and, over user states, whom it affects.",
        discussion: """
            Compares two versions of a rule set: --old PATH... --new PATH..., or --against REV (the \
            same paths at git revision REV, read with git; every rule set of rulecheck.yaml, or \
            --ruleset NAME). With --states (NDJSON, as eval --batch; - for stdin) every state is \
            decided under both versions and the effects are counted per award. Exit status: 0, or 1 \
            when a version does not validate or --fail-on names an effect some state has; 2 bad \
            usage, or the old version cannot be read with git.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown, github, html
    }

    @Option(parsing: .upToNextOption, help: ArgumentHelp("The old version's rule files or folders (repeatable).", valueName: "path"))
    var old: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("The new version's rule files or folders (repeatable).", valueName: "path"))
    var new: [String] = []

    @Option(help: ArgumentHelp("Compare the working tree with this git revision (a branch, tag or commit).", valueName: "rev"))
    var against: String?

    @Option(help: ArgumentHelp("With --against: only this rule set of rulecheck.yaml.", valueName: "name"))
    var ruleset: String?

    @Option(help: ArgumentHelp("User states, one JSON state per line (NDJSON); - reads stdin.", valueName: "file"))
    var states: String?

    @Option(help: ArgumentHelp("The evaluation moment for every state, RFC 3339 with an offset (default: each state's now).", valueName: "time"))
    var now: String?

    @Option(help: ArgumentHelp("How many states to decide at once (default: every core).", valueName: "n"))
    var jobs: Int?

    @Option(help: "An event that cannot be read: reject (the state fails) or skip (left out).")
    var badEvents: BadEvents = .reject

    @Option(help: "Output format: text, json, markdown, github, or html (a self-contained page with a chart per award).")
    var format: Format = .text

    @Option(name: .customLong("fail-on"),
            help: ArgumentHelp("Exit 1 when some state has one of these (comma-separated): gained, lost, earlier, later, times_changed, errors, or a warning code.", valueName: "kind,..."))
    var failOn: [String] = []

    /// `--fail-on`'s kinds, split at commas.
    var failureKinds: [String] {
        failOn.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
        if against != nil {
            guard old.isEmpty, new.isEmpty else { throw ValidationError("give --against REV or --old/--new, not both") }
        } else {
            guard !old.isEmpty, !new.isEmpty else {
                throw ValidationError("give both versions (--old PATH... --new PATH...), or --against REV")
            }
            guard ruleset == nil else { throw ValidationError("--ruleset goes with --against; give --old and --new paths instead") }
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let now, case .failure(let problem) = Moment.parse(now) { throw ValidationError("--now '\(now)': \(problem)") }
        if states == nil, jobs != nil { throw ValidationError("--jobs goes with --states") }
        if let states, states != "-", !FileManager.default.isReadableFile(atPath: states) {
            throw ValidationError("--states \(states): cannot read the file")
        }
        for kind in failureKinds where !FailureKinds.all.contains(kind) {
            let close = Suggestion.closest(to: kind, in: FailureKinds.all).map { "; did you mean '\($0)'?" } ?? ""
            throw ValidationError("--fail-on: unknown kind '\(kind)'\(close) (kinds: \(FailureKinds.all.joined(separator: ", ")))")
        }
    }

    func run() throws {
        let versions = try ruleSetVersions()
        var entries: [RuleDiffReport.Entry] = []
        if let states {
            let input = try StatesInput(path: states, readers: versions.count)
            defer { input.remove() }
            for version in versions {
                var diff = version.diff
                diff.effects = try measure(version, input: try input.open())
                entries.append(RuleDiffReport.Entry(name: version.name, diff: diff))
            }
        } else {
            entries = versions.map { RuleDiffReport.Entry(name: $0.name, diff: $0.diff) }
        }
        let report = RuleDiffReport(entries: entries, measured: states != nil)
        try write(report)
        if report.fails(on: failureKinds) { throw ExitCode(1) }
    }

    private func measure(_ version: RuleSetVersions, input: FileHandle) throws -> DiffEffects {
        let moment: Moment? = now.flatMap { if case .success(let moment) = Moment.parse($0) { moment } else { nil } }
        let run = DiffEffectsRun(old: version.old, new: version.new, now: moment,
                                 jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, badEvents: badEvents)
        let showsProgress = isatty(STDERR_FILENO) == 1
        let effects = try run.run(input: input) { (lines, effects) throws(ExitCode) in
            if showsProgress { try StandardStream.error.write("\rrulecheck: \(lines) lines, \(effects.errors) failed") }
        }
        if showsProgress { try StandardStream.error.write("\n") }
        return effects
    }

    private func write(_ report: RuleDiffReport) throws {
        switch format {
        case .text: try StandardStream.output.write(RuleDiffTextRenderer().render(report))
        case .json: try StandardStream.output.write(RuleDiffJSONRenderer().render(report))
        case .markdown: try StandardStream.output.write(RuleDiffMarkdownRenderer().render(report))
        case .html: try StandardStream.output.write(RuleDiffHTMLRenderer().render(report))
        case .github:
            try StandardStream.output.write(RuleDiffGitHubRenderer().render(report))
            if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                try Self.append(RuleDiffMarkdownRenderer().render(report), to: summary)
            }
        }
    }

    /// Appends to the job summary file (created when missing); a failure is exit status 2.
    private static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CommandInput.usageFailure("error: cannot write the job summary to \(path) ($GITHUB_STEP_SUMMARY)")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw CommandInput.usageFailure("error: cannot write the job summary to \(path): \(error.localizedDescription)")
        }
    }
}
