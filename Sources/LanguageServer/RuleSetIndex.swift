import Diagnostics
import Foundation
import YAMLSource

/// The index of every file of a rule set, with the references inside its expressions: what
/// definition, references, symbols, completion and hover read.
struct RuleSetIndex: Sendable {
    var files: [String: RuleFileIndex] = [:]

    init(files: [String: RuleFileIndex]) {
        self.files = files
    }

    /// The index of one file's text; nil when it is not YAML with a tree.
    static func index(text: String, file: String) -> RuleFileIndex? {
        guard let document = YAMLLoader.load(text: text, file: file).document else { return nil }
        var index = RuleFileIndexer.index(document)
        for expression in index.expressions { index.references += expression.references() }
        return index
    }

    /// A named thing: its kind and id.
    struct Target: Sendable, Hashable {
        var kind: RuleFileIndex.Kind
        var id: String
    }

    /// What is named at `position` of `file`: a definition's id or a reference.
    func target(at position: SourcePosition, in file: String) -> (target: Target, span: SourceSpan)? {
        guard let index = files[file] else { return nil }
        if let symbol = index.symbols.first(where: { $0.span.contains(position) }) {
            return (Target(kind: symbol.kind.namespace, id: symbol.id), symbol.span)
        }
        if let reference = index.references.first(where: { $0.span.contains(position) }) {
            return (Target(kind: reference.kind.namespace, id: reference.id), reference.span)
        }
        return nil
    }

    /// Every definition of `target` (one, unless the rule set defines it twice).
    func definitions(of target: Target) -> [RuleFileIndex.Symbol] {
        files.keys.sorted().flatMap { file in
            files[file]?.symbols.filter { $0.kind.namespace == target.kind && $0.id == target.id } ?? []
        }
    }

    /// Every place `target` is named, definitions included when asked.
    func references(to target: Target, includingDefinitions: Bool) -> [SourceSpan] {
        var spans: [SourceSpan] = []
        for file in files.keys.sorted() {
            guard let index = files[file] else { continue }
            if includingDefinitions {
                spans += index.symbols.filter { $0.kind.namespace == target.kind && $0.id == target.id }.map(\.span)
            }
            spans += index.references.filter { $0.kind.namespace == target.kind && $0.id == target.id }.map(\.span)
        }
        return spans.sorted { ($0.file, $0.start) < ($1.file, $1.start) }
    }

    /// The ids of one kind defined anywhere in the rule set, each once, in file order.
    func ids(of kind: RuleFileIndex.Kind) -> [RuleFileIndex.Symbol] {
        var seen = Set<String>()
        return files.keys.sorted().flatMap { files[$0]?.symbols ?? [] }
            .filter { $0.kind.namespace == kind.namespace && seen.insert($0.id).inserted }
    }

    /// The expression written at `position` of `file`, with the cursor's offset in it.
    func expression(at position: SourcePosition, in file: String) -> (RuleFileIndex.Expression, Int)? {
        guard let index = files[file] else { return nil }
        for expression in index.expressions where expression.span.contains(position) || expression.span.end == position {
            if let offset = expression.offset(of: position) { return (expression, offset) }
        }
        return nil
    }

    /// The string literals compared with an event's `type` or used as `count` keys anywhere.
    var eventTypesUsed: [String] {
        var seen = Set<String>()
        return files.keys.sorted().flatMap { files[$0]?.references ?? [] }
            .filter { $0.kind == .eventType && seen.insert($0.id).inserted }.map(\.id)
    }
}
