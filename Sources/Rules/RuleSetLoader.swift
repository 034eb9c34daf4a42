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
    /// `contents` says where each file's text is read (open editor buffers over the disk).
    package static func load(paths: [String], baseline: [String]?, readsTests: Bool = true,
                             contents: RuleFileContents = .disk) -> RuleSetLoadResult {
        load(RuleFilesRead(paths: paths, readsTests: readsTests, contents: contents), baseline: baseline, readsTests: readsTests)
    }

    /// Loads rule files given as texts, each named by `file` (the name diagnostics and spans
    /// carry), through the same decoding, checks, compilation and lints as files on disk: what a
    /// host or a test holds in memory needs no temporary folder.
    package static func load(texts: [(file: String, text: String)]) -> RuleSetLoadResult {
        load(RuleFilesRead(texts: texts), baseline: nil, readsTests: true)
    }

    private static func load(_ read: consuming RuleFilesRead, baseline: [String]?, readsTests: Bool) -> RuleSetLoadResult {
        var files = read
        var diagnostics = files.diagnostics
        let drafts = files.drafts(diagnostics: &diagnostics)

        diagnostics += RuleSetChecker.check(drafts, unread: files.unread)

        if let baseline {
            var old = RuleFilesRead(paths: baseline)
            var ignored: [Diagnostic] = []
            let oldDrafts = old.drafts(diagnostics: &ignored)
            diagnostics += old.diagnostics
            files.sources.merge(old.sources) { current, _ in current }
            diagnostics += CatalogBaseline.compare(new: drafts.flatMap(\.catalogs), old: oldDrafts.flatMap(\.catalogs))
        }

        let noCatalog = drafts.allSatisfy(\.catalogs.isEmpty)
        // A file or entry that could not be read may define what others name: its own error says
        // what to fix first (docs/rules.md, "Every problem in one run"). The assembler is given
        // the only copy of the drafts, so that it can release each as its rule is made.
        var assembler = RuleSetAssembler(drafts: consume drafts, unread: files.unread)
        let ruleSet = assembler.assemble()
        diagnostics += assembler.diagnostics

        // The lints judge what a rule set does, so only one that loads; `eval` does not need them.
        if readsTests, let ruleSet, !diagnostics.contains(where: { $0.severity == .error }) {
            let written = assembler.written
            var lints = RuleSetLints(ruleSet: ruleSet) { range, expression in written.span(of: range, in: expression) }
            diagnostics += lints.run()
        }
        let sorted = Self.mergingMissingCatalogs(diagnostics.sorted(by: Diagnostic.reportOrder),
                                                 noCatalog: noCatalog)
        let hasErrors = sorted.contains { $0.severity == .error }
        var blocked: [String] = []
        for test in assembler.tests {
            for reference in test.expect.awardReferences {
                guard let span = assembler.unread.swallowed[reference.value] else { continue }
                blocked.append("rule test '\(test.name)' names '\(reference.value)', which is written inside the block scalar "
                               + "above it at \(span.file):\(span.start.line):\(span.start.column)")
                break
            }
        }
        var result = RuleSetLoadResult(ruleSet: hasErrors ? nil : ruleSet.map { var set = $0; set.files = files.files; return set },
                                 tests: hasErrors ? [] : assembler.tests,
                                 diagnostics: sorted, files: files.files, sources: files.sources,
                                 unreadFiles: files.unreadFiles)
        result.testsNamingSwallowedIDs = blocked
        return result
    }
}

extension RuleSetLoader {
    /// An unknown catalog is one mistake however many rules use it (its folder was not given,
    /// most often): the first use is the error, the others its notes.
    /// `noCatalog`: the rule set has none, so its file was probably left out: the help says so.
    static func mergingMissingCatalogs(_ diagnostics: [Diagnostic], noCatalog: Bool) -> [Diagnostic] {
        var first: [String: Int] = [:]
        var merged: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard diagnostic.code == RuleCode.unknownCatalog else { merged.append(diagnostic); continue }
            if let index = first[diagnostic.message] {
                merged[index].notes.append(DiagnosticNote("used here too", at: diagnostic.span))
                continue
            }
            first[diagnostic.message] = merged.count
            var head = diagnostic
            if noCatalog, head.fix == nil { head.fix = "give the folder that holds the catalog's file too (rulecheck validate rules/x catalogs/x), or list it with the rule set in rulecheck.yaml" }
            merged.append(head)
        }
        return merged
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
    /// Files that could not be read to their end (a syntax error, a bound, a path that is not a
    /// readable file): the names they define are unknown, so references to them elsewhere are
    /// not reported.
    private(set) var unreadFiles: [String] = []
    /// What the unread files and the decoded files' unreadable parts may define.
    private(set) var unread = UnreadNames()

    init(paths: [String], readsTests: Bool = true, contents: RuleFileContents = .disk) {
        let collected = RuleFileCollector.collect(paths: paths)
        files = collected.files
        diagnostics = collected.diagnostics
        // A path that could not be listed or read (missing, a dangling link, a FIFO) may have held any rule.
        if collected.diagnostics.contains(where: { $0.severity == .error }) { unread.open(UnreadNames.Kind.allCases) }
        for file in files {
            guard let loaded = readsTests
                ? contents.load(path: file)
                : contents.load(path: file, skippingWhen: Self.holdsOnlyTests, scanningUntil: Self.isForeignToTests)
            else { continue }  // a tests file, left unread
            read(loaded, file: file)
        }
    }

    /// Rule files given as texts, read as files of those names would be.
    init(texts: [(file: String, text: String)]) {
        files = texts.map(\.file)
        diagnostics = []
        for (file, text) in texts { read(YAMLLoader.load(text: text, file: file), file: file) }
    }

    /// Takes in one loaded file: its YAML diagnostics, then its draft (or what it may define).
    private mutating func read(_ loaded: consuming YAMLLoadResult, file: String) {
        diagnostics += loaded.diagnostics
        // Every problem in one run: a duplicate key, a bad tag, an undefined alias leave a
        // whole tree (the first entry kept, the tag dropped, an empty value), so the file is
        // still decoded. Only a file without a tree (syntax error, bound) stops here.
        // The document is taken out of the result, so that its tree is released after decoding.
        if let document = loaded.document {
            loaded.document = nil
            unread.merge(Self.duplicatedSections(document, loaded.diagnostics))
            decode(document, yamlErrors: loaded.diagnostics.filter { $0.severity == .error })
            sources[file] = (consume document).sourceTextReleasingTree()
        } else {
            if let text = loaded.unreadText { sources[file] = text }
            unreadFiles.append(file)
            unread.merge(UnreadNames.ofUnreadFile(file, text: loaded.unreadText))
        }
    }

    /// Whether top-level keys are those of a file of rule tests. The scan that finds them stops at
    /// the first key such a file cannot have (`isForeignToTests`), so a rule file costs a few
    /// events; a file the scan is unsure of (a syntax error, say) is loaded, its errors reported.
    private static func holdsOnlyTests(_ keys: [String]) -> Bool {
        keys.contains(RuleFileKey.tests.rawValue) && !keys.contains(where: isForeignToTests)
    }

    private static func isForeignToTests(_ key: String) -> Bool {
        key != RuleFileKey.schema.rawValue && key != RuleFileKey.tests.rawValue
    }

    /// A top-level section written twice: the loader keeps the first (E103), so the names of
    /// the second are unknown.
    private static func duplicatedSections(_ document: YAMLDocument, _ diagnostics: [Diagnostic]) -> UnreadNames {
        var unread = UnreadNames()
        guard case .mapping(let pairs) = document.root.kind else { return unread }
        for diagnostic in diagnostics where diagnostic.code == YAMLDiagnosticCode.duplicateKey.code {
            guard let first = diagnostic.notes.first?.span,
                  let pair = pairs.first(where: { $0.key.span == first }) else { continue }
            unread.open(UnreadNames.kinds(ofSection: RuleFileKey(rawValue: NodeReader.keyText(pair.key))))
        }
        return unread
    }

    /// Decodes one file; the decoders and their copies of the document are gone when it returns.
    private mutating func decode(_ document: YAMLDocument, yamlErrors: [Diagnostic]) {
        var decoder = RuleFileDecoder(file: document.file, document: document)
        let draft = decoder.decode(document.root)
        if draft == nil {
            // Not a rule file of schema 1: the names it was meant to define, read as if it were one.
            var lenient = RuleFileDecoder(file: document.file, document: document)
            if let meant = lenient.decode(document.root, requiringSchema: false) {
                unread.add(namesOf: meant)
            } else {
                unread.open(UnreadNames.Kind.allCases)
            }
        }
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
