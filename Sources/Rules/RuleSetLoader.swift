import CEL
import Diagnostics
import YAMLSource

/// Loads a rule set from files and folders: YAML → drafts → checks across files → CEL.
public enum RuleSetLoader {
    /// The rule set (nil when any error was found) and every diagnostic, in report order.
    public static func load(paths: [String]) -> (ruleSet: RuleSet?, diagnostics: [Diagnostic]) {
        let result = load(paths: paths, baseline: nil)
        return (result.ruleSet, result.diagnostics)
    }

    /// Loads `paths`; with `baseline`, also checks catalog compatibility with that older rule set.
    public static func load(paths: [String], baseline: [String]?) -> RuleSetLoadResult {
        var files = RuleFilesRead(paths: paths)
        var diagnostics = files.diagnostics
        let drafts = files.drafts(diagnostics: &diagnostics)

        var checker = RuleSetChecker(drafts: drafts)
        checker.check()
        diagnostics += checker.diagnostics

        if let baseline {
            var old = RuleFilesRead(paths: baseline)
            var ignored: [Diagnostic] = []
            let oldDrafts = old.drafts(diagnostics: &ignored)
            diagnostics += old.diagnostics
            files.sources.merge(old.sources) { current, _ in current }
            diagnostics += CatalogBaseline.compare(new: drafts.flatMap(\.catalogs), old: oldDrafts.flatMap(\.catalogs))
        }

        var assembler = RuleSetAssembler(drafts: drafts)
        let ruleSet = assembler.assemble()
        diagnostics += assembler.diagnostics

        let sorted = diagnostics.sorted(by: Diagnostic.reportOrder)
        let hasErrors = sorted.contains { $0.severity == .error }
        return RuleSetLoadResult(ruleSet: hasErrors ? nil : ruleSet.map { var set = $0; set.files = files.files; return set },
                                 diagnostics: sorted, files: files.files, sources: files.sources)
    }
}

/// The rule files under some paths, read and parsed.
private struct RuleFilesRead {
    var files: [String]
    var diagnostics: [Diagnostic]
    var sources: [String: String] = [:]
    private var documents: [YAMLDocument] = []

    init(paths: [String]) {
        let collected = RuleFileCollector.collect(paths: paths)
        files = collected.files
        diagnostics = collected.diagnostics
        for file in files {
            let loaded = YAMLLoader.load(path: file)
            diagnostics += loaded.diagnostics
            if let document = loaded.document {
                sources[file] = document.sourceText
                // A file with YAML errors is not decoded: its tree may be partial.
                if !loaded.diagnostics.contains(where: { $0.severity == .error }) { documents.append(document) }
            }
        }
    }

    mutating func drafts(diagnostics: inout [Diagnostic]) -> [RuleFileDraft] {
        documents.compactMap { document in
            var decoder = RuleFileDecoder(file: document.file, document: document)
            let draft = decoder.decode(document.root)
            diagnostics += decoder.diagnostics
            return draft
        }
    }
}
