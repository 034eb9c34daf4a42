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

/// The diagnostics of the versions that do not validate, printed together at the end so that
/// `--format json` gives one document.
private struct VersionProblems {
    var groups: [DiagnosticGroup] = []
    var sources: [String: String] = [:]

    /// Adds `result`'s diagnostics, with old files named by `rename`.
    mutating func add(_ result: RuleSetLoadResult, name: String?, rename: (String) -> String) {
        let diagnostics = result.diagnostics.map { diagnostic in
            var renamed = diagnostic
            renamed.span?.file = rename(diagnostic.span?.file ?? "")
            for index in renamed.notes.indices {
                let file = renamed.notes[index].span?.file ?? ""
                renamed.notes[index].span?.file = rename(file)
            }
            return renamed
        }
        for (file, text) in result.sources { sources[rename(file)] = text }
        groups.append(DiagnosticGroup(name: name, diagnostics: diagnostics, fileCount: result.files.count))
    }

    /// As `validate` prints them: one group without its name as a plain report, else a report per group.
    func render(format: DiagnosticRenderer.Format) -> String {
        if groups.count == 1, groups[0].name == nil {
            return DiagnosticRenderer.render(groups[0].diagnostics, format: format, fileCount: groups[0].fileCount, sources: sources)
        }
        return DiagnosticRenderer.render(groups: groups, format: format, sources: sources)
    }
}

extension DiffCommand {
    /// How a version is named: in the report of its diagnostics, and in the line that says it failed.
    typealias Labels = (old: (group: String, text: String), new: (group: String, text: String))

    /// Both versions of every rule set compared. The diagnostics of every version that does not
    /// validate are printed as `validate` prints them, then exit status 1. Rule tests are left
    /// unread, as by `eval`: a change that ends an award must not fail to show because a test
    /// still expects it (`test` reports that).
    func ruleSetVersions() throws -> [RuleSetVersions] {
        var versions: [RuleSetVersions] = []
        var problems = VersionProblems()
        if let against {
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
                let labels = (old: (group: "\(entry.name) (at \(against))", text: "rule set '\(entry.name)' at \(against)"),
                              new: (group: entry.name, text: "rule set '\(entry.name)' in the working tree"))
                if let pair = try load(name: entry.name, old: oldResult, new: entry.paths, labels: labels,
                                       remap: snapshot.displayPath, problems: &problems) {
                    versions.append(pair)
                }
            }
        } else {
            let oldResult = RuleSetLoader.load(paths: old, baseline: nil, readsTests: false)
            if let pair = try load(name: nil, old: oldResult, new: new, labels: (("old", "the old version"), ("new", "the new version")), remap: { $0 },
                                   problems: &problems) {
                versions.append(pair)
            }
        }
        guard problems.groups.isEmpty else {
            let diagnosticFormat: DiagnosticRenderer.Format = switch format {
            case .json: .json
            case .github: .github
            case .text, .markdown, .html: .text
            }
            try StandardStream.output.write(problems.render(format: diagnosticFormat))
            throw ExitCode(1)
        }
        return versions
    }

    /// Loads the new version and checks both; nil when one does not validate (its diagnostics
    /// join `problems`). `remap` names an old file as the working tree does.
    private func load(name: String?, old: RuleSetLoadResult, new paths: [String], labels: Labels,
                      remap: @escaping (String) -> String, problems: inout VersionProblems) throws -> RuleSetVersions? {
        let newResult = RuleSetLoader.load(paths: paths, baseline: nil, readsTests: false)
        let failing = [(old, labels.old, remap), (newResult, labels.new, { (file: String) in file })].filter { $0.0.ruleSet == nil }
        for (result, label, rename) in failing {
            try StandardStream.error.write("rulecheck diff: \(label.text) does not validate\n")
            // A single failing version of `--old`/`--new` reads exactly as `validate` of it.
            problems.add(result, name: name == nil && failing.count == 1 ? nil : label.group, rename: rename)
        }
        guard failing.isEmpty, let before = old.ruleSet, let after = newResult.ruleSet else { return nil }
        var diff = RuleSetDiff(old: before, new: after)
        for index in diff.changes.indices { diff.changes[index].file = remap(diff.changes[index].file) }
        diff.changes.sort(by: RuleChange.listOrder)
        return RuleSetVersions(name: name, old: before, new: after, diff: diff)
    }
}
