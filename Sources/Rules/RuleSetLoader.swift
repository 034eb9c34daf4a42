import CEL
import Diagnostics
import RuleModel
import YAMLSource

/// Loads a rule set from files and folders: YAML → drafts → checks across files → CEL.
package enum RuleSetLoader {
    /// The rule set (nil when any error was found) and every diagnostic, in report order.
    package static func load(paths: [String]) -> (ruleSet: RuleSet?, diagnostics: [Diagnostic]) {
        let result = load(paths: paths, baseline: nil)
        return (result.ruleSet, result.diagnostics)
    }

    /// Loads `paths`; with `baseline`, also checks catalog compatibility with that older rule set.
    /// Without `readsTests`, a file of rule tests (top-level `schema` and `tests` only) is listed
    /// but not loaded: it defines no rule, and `eval` need not pay for it (nor stop at its errors,
    /// which `validate` and `test` report).
    package static func load(paths: [String], baseline: [String]?, readsTests: Bool = true) -> RuleSetLoadResult {
        var files = RuleFilesRead(paths: paths, readsTests: readsTests)
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

        if files.hasUnreadFile {
            // The unread file may define what these name; its own error says what to fix first.
            let unknownNames: Set = [RuleCode.unknownMetric, RuleCode.unknownStreak, RuleCode.unknownAchievement,
                                     RuleCode.unknownCatalog, RuleCode.unknownModule, RuleCode.unknownLevel]
            diagnostics.removeAll { unknownNames.contains($0.code) }
        }
        let sorted = diagnostics.sorted(by: Diagnostic.reportOrder)
        let hasErrors = sorted.contains { $0.severity == .error }
        return RuleSetLoadResult(ruleSet: hasErrors ? nil : ruleSet.map { var set = $0; set.files = files.files; return set },
                                 tests: hasErrors ? [] : assembler.tests,
                                 diagnostics: sorted, files: files.files, sources: files.sources)
    }
}

/// The rule files under some paths, each read, parsed and decoded before the next is read: a
/// file's YAML tree and position tables are dropped once its draft is made, so memory holds one
/// tree at a time, never all of them, and none while the rule set is checked and compiled.
private struct RuleFilesRead {
    var files: [String]
    /// The collector's and the YAML loader's diagnostics, in file order.
    var diagnostics: [Diagnostic]
    var sources: [String: String] = [:]
    private var fileDrafts: [RuleFileDraft] = []
    /// The decoder's diagnostics, in file order, after the YAML ones.
    private var decoded: [Diagnostic] = []
    /// YAML findings that the decoder explains better at the same node.
    private var withdrawn = Set<Diagnostic>()
    /// True when a file could not be read to its end (a syntax error, a bound): the names it
    /// defines are unknown, so references to them elsewhere are not reported.
    private(set) var hasUnreadFile = false

    init(paths: [String], readsTests: Bool = true) {
        let collected = RuleFileCollector.collect(paths: paths)
        files = collected.files
        diagnostics = collected.diagnostics
        for file in files {
            let read = readsTests
                ? YAMLLoader.load(path: file)
                : YAMLLoader.load(path: file, skippingWhen: Self.holdsOnlyTests, scanningUntil: Self.isForeignToTests)
            guard let loaded = read else { continue }  // a tests file, left unread
            diagnostics += loaded.diagnostics
            // Every problem in one run: a duplicate key, a bad tag, an undefined alias leave a
            // whole tree (the first entry kept, the tag dropped, an empty value), so the file is
            // still decoded. Only a file without a tree (syntax error, bound) stops here.
            if let document = loaded.document {
                sources[file] = document.sourceText
                decode(document, yamlErrors: loaded.diagnostics.filter { $0.severity == .error })
            } else {
                hasUnreadFile = true
            }
        }
    }

    /// Whether top-level keys are those of a file of rule tests. The scan that finds them stops at
    /// the first key such a file cannot have (`isForeignToTests`), so a rule file costs a few
    /// events; a file the scan is unsure of (a syntax error, say) is loaded, its errors reported.
    private static func holdsOnlyTests(_ keys: [String]) -> Bool {
        keys.contains("tests") && !keys.contains(where: isForeignToTests)
    }

    private static func isForeignToTests(_ key: String) -> Bool {
        key != "schema" && key != "tests"
    }

    /// `consuming`: the document (and its tree) is released when decoding returns.
    private mutating func decode(_ document: consuming YAMLDocument, yamlErrors: [Diagnostic]) {
        var decoder = RuleFileDecoder(file: document.file, document: document)
        let draft = decoder.decode(document.root)
        let merged = OneFindingPerNode.merge(yaml: yamlErrors, decoded: decoder.diagnostics)
        decoded += merged.kept
        withdrawn.formUnion(merged.withdrawn)
        if let draft { fileDrafts.append(draft) }
    }

    /// The drafts of every file with a tree; `diagnostics` holds this read's diagnostics and gets
    /// the decoder's (a YAML finding the decoder explains better is withdrawn from it).
    /// The drafts are moved out (this read keeps none), not copied.
    mutating func drafts(diagnostics: inout [Diagnostic]) -> [RuleFileDraft] {
        diagnostics += decoded
        if !withdrawn.isEmpty { diagnostics.removeAll { withdrawn.contains($0) } }
        defer { fileDrafts = [] }
        return fileDrafts
    }
}
