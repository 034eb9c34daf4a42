import ArgumentParser
import Diagnostics
import Foundation
import Output
import RuleDiff
import RuleModel
import Rules

/// The two versions of one rule set that `diff` compares, both checked, and their rule changes.
struct RuleSetVersions {
    /// The workspace name; `nil` for `--old` / `--new` paths.
    var name: String?
    var old: RuleSet
    var new: RuleSet
    var diff: RuleSetDiff
}

extension DiffCommand {
    /// Both versions of every rule set compared. A version that does not validate has its
    /// diagnostics printed as `validate` prints them (every rule set is checked first), exit 1.
    /// Rule tests are left unread, as by `eval`: a change that ends an award must not fail to
    /// show because a test still expects it (`test` reports that).
    func ruleSetVersions() throws -> [RuleSetVersions] {
        var versions: [RuleSetVersions] = []
        var failed = false
        guard let against else {
            guard let pair = try load(name: nil, old: RuleSetLoader.load(paths: old, baseline: nil, readsTests: false), oldLabel: "old",
                                      new: new, remap: { $0 }) else { throw ExitCode(1) }
            return [pair]
        }
        let (_, selected) = try CommandInput.workspaceRuleSets(named: ruleset)
        for entry in selected {
            let snapshot: GitRevisionFiles
            do {
                snapshot = try GitRevisionFiles(paths: entry.paths, revision: against)
            } catch {
                throw CommandInput.usageFailure(error.description)
            }
            defer { snapshot.remove() }
            // Paths that did not exist at REV are empty in the old version: their entries are added.
            let existing = snapshot.existingOldPaths
            var oldResult = RuleSetLoader.load(paths: existing, baseline: nil, readsTests: false)
            if existing.isEmpty { (oldResult.ruleSet, oldResult.diagnostics) = (RuleSet(), []) }
            if let pair = try load(name: entry.name, old: oldResult, oldLabel: "at \(against)", new: entry.paths,
                                   remap: snapshot.displayPath) {
                versions.append(pair)
            } else {
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
        return versions
    }

    /// Loads the new version and checks both; nil after printing the diagnostics of one that
    /// does not validate. `remap` names an old file as the working tree does.
    private func load(name: String?, old: RuleSetLoadResult, oldLabel: String, new paths: [String],
                      remap: @escaping (String) -> String) throws -> RuleSetVersions? {
        let newResult = RuleSetLoader.load(paths: paths, baseline: nil, readsTests: false)
        var ok = true
        for (result, label, rename) in [(old, oldLabel, remap), (newResult, "new", { (file: String) in file })]
            where result.ruleSet == nil {
            ok = false
            let what = (name.map { "rule set '\($0)'" } ?? "the rule set") + " (\(label) version)"
            try StandardStream.error.write("rulecheck diff: \(what) does not validate\n")
            try printDiagnostics(result, name: name, rename: rename)
        }
        guard ok, let before = old.ruleSet, let after = newResult.ruleSet else { return nil }
        var diff = RuleSetDiff(old: before, new: after)
        for index in diff.changes.indices { diff.changes[index].file = remap(diff.changes[index].file) }
        diff.changes.sort(by: RuleChange.listOrder)
        return RuleSetVersions(name: name, old: before, new: after, diff: diff)
    }

    /// The diagnostics of a version, as `validate` prints them (json and github in those formats).
    private func printDiagnostics(_ result: RuleSetLoadResult, name: String?, rename: (String) -> String) throws {
        let diagnostics = result.diagnostics.map { diagnostic in
            var renamed = diagnostic
            renamed.span?.file = rename(diagnostic.span?.file ?? "")
            for index in renamed.notes.indices {
                let file = renamed.notes[index].span?.file ?? ""
                renamed.notes[index].span?.file = rename(file)
            }
            return renamed
        }
        var sources: [String: String] = [:]
        for (file, text) in result.sources { sources[rename(file)] = text }
        let diagnosticFormat: DiagnosticRenderer.Format = switch format {
        case .json: .json
        case .github: .github
        case .text, .markdown: .text
        }
        let report = name == nil
            ? DiagnosticRenderer.render(diagnostics, format: diagnosticFormat, fileCount: result.files.count, sources: sources)
            : DiagnosticRenderer.render(groups: [DiagnosticGroup(name: name, diagnostics: diagnostics, fileCount: result.files.count)],
                                        format: diagnosticFormat, sources: sources)
        try StandardStream.output.write(report)
    }
}
