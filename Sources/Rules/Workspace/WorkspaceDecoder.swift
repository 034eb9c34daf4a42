import Diagnostics
import Foundation
import YAMLSource

/// Decodes `rulecheck.yaml`: `schema: 1` and `rulesets`, a mapping of names to a path or a list
/// of paths, relative to the file's folder, or to a mapping `{ paths: [...], example: FILE }`
/// that also names the example state editors evaluate the rule set on.
struct WorkspaceDecoder {
    static let topLevelKeys = ["schema", "rulesets"]

    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func decode(_ root: YAMLNode) -> Workspace? {
        guard let top = NodeReader(root, what: "the workspace file", diagnostics: &diagnostics) else { return nil }
        top.rejectUnknownKeys(allowed: Self.topLevelKeys, diagnostics: &diagnostics)
        checkSchema(top)
        guard let node = top.require("rulesets", diagnostics: &diagnostics),
              let sets = NodeReader(node, what: "rulesets", diagnostics: &diagnostics) else { return nil }
        if sets.pairs.isEmpty {
            diagnostics.append(.error(RuleCode.workspaceEmpty, "'rulesets' names no rule set", at: node.span,
                                      fix: "name each rule set with its folders, such as 'taskmate: [rules/taskmate]'"))
        }
        let entries = sets.pairs.compactMap { entry($0) }
        return Workspace(file: file, ruleSets: entries)
    }

    private mutating func checkSchema(_ top: NodeReader) {
        guard let node = top.require("schema", diagnostics: &diagnostics) else { return }
        guard case .int(1)? = RuleScalar.value(of: node) else {
            diagnostics.append(.error(RuleCode.schemaUnsupported,
                                      "unsupported schema: found \(NodeReader.describe(node)); this rulecheck reads schema 1",
                                      at: node.span, fix: "write 'schema: 1' (a number, not quoted)"))
            return
        }
    }

    static let entryKeys = ["paths", "example"]

    private mutating func entry(_ pair: YAMLPair) -> Workspace.Entry? {
        let name = NodeReader.keyText(pair.key)
        if !RuleSetChecker.isValidID(name) {
            diagnostics.append(.error(RuleCode.invalidID, "rule set name '\(name)' must match [a-z][a-z0-9_]*",
                                      at: pair.key.span, fix: "use lowercase letters, digits and '_', starting with a letter"))
        }
        guard case .mapping = pair.value.kind else { return entry(name: name, pair.key, paths: pair.value) }
        guard let fields = NodeReader(pair.value, what: "rule set '\(name)'", diagnostics: &diagnostics) else { return nil }
        fields.rejectUnknownKeys(allowed: Self.entryKeys, diagnostics: &diagnostics)
        guard let paths = fields.require("paths", diagnostics: &diagnostics),
              var entry = entry(name: name, pair.key, paths: paths) else { return nil }
        if let node = fields.value("example"),
           let example = NodeReader.string(node, field: "example", in: "rule set '\(name)'", diagnostics: &diagnostics) {
            let joined = resolve(example.value)
            if !FileManager.default.fileExists(atPath: joined) {
                diagnostics.append(.error(RuleCode.workspaceExample,
                                          "the example state '\(example.value)' of rule set '\(name)' does not exist",
                                          at: example.span, fix: "paths in \(Workspace.fileName) are relative to its folder"))
            }
            entry.example = joined
            entry.exampleSpan = example.span
        }
        return entry
    }

    /// The entry of a rule set whose paths are written at `node` (one path or a list).
    private mutating func entry(name: String, _ key: YAMLNode, paths node: YAMLNode) -> Workspace.Entry? {
        let pair = YAMLPair(key: key, value: node)
        let written: [Located<String>]
        if case .sequence(let items) = pair.value.kind {
            written = items.compactMap { NodeReader.string($0, field: name, in: "rulesets", diagnostics: &diagnostics) }
            if items.isEmpty {
                diagnostics.append(.error(RuleCode.workspaceEmpty, "rule set '\(name)' lists no path", at: pair.value.span,
                                          fix: "list the folders of the rule set, such as [rules/\(name)]"))
            }
        } else if let one = NodeReader.string(pair.value, field: name, in: "rulesets", diagnostics: &diagnostics) {
            written = [one]
        } else {
            return nil
        }
        let paths = written.map { path -> String in
            let joined = resolve(path.value)
            if !FileManager.default.fileExists(atPath: joined) {
                let place = joined == path.value ? "" : " (looked for '\(joined)')"
                diagnostics.append(.error(RuleCode.workspacePathNotFound,
                                          "path '\(path.value)' of rule set '\(name)' does not exist\(place)",
                                          at: path.span, fix: "paths in \(Workspace.fileName) are relative to its folder"))
            }
            return joined
        }
        return Workspace.Entry(name: name, paths: paths, span: pair.key.span)
    }

    /// A path in the workspace file is relative to the file's folder.
    private func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
