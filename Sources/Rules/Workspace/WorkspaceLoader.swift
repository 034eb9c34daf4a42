import Diagnostics
import Foundation
import YAMLSource

/// Finds and reads `rulecheck.yaml`, checking it like a rule file: schema, unknown keys, types,
/// rule set names and paths that do not exist, each with its position.
package enum WorkspaceLoader {
    /// What reading the workspace file gave: the workspace when there is no error, every
    /// diagnostic, and the file's text (for rendering source lines).
    package struct Result: Sendable {
        package var workspace: Workspace?
        package var diagnostics: [Diagnostic]
        package var sources: [String: String]
    }

    /// The path of `rulecheck.yaml` in `folder` or the nearest of its parents, written relative
    /// to `folder` (`rulecheck.yaml`, `../rulecheck.yaml`, …) so that reported paths stay
    /// relative to where the command runs; `nil` when there is none up to the root.
    package static func find(from folder: String = ".") -> String? {
        var prefix = ""
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(Workspace.fileName).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
                let relative = prefix + Workspace.fileName
                return folder == "." ? relative : (folder as NSString).appendingPathComponent(relative)
            }
            let parent = current.deletingLastPathComponent().standardizedFileURL
            if parent.path == current.path { return nil }
            current = parent
            prefix += "../"
        }
    }

    /// Reads and checks the workspace file at `path`.
    package static func load(path: String) -> Result {
        let loaded = YAMLLoader.load(path: path)
        var sources: [String: String] = [:]
        if let text = loaded.document?.sourceText ?? loaded.unreadText { sources[path] = text }
        guard let document = loaded.document, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(workspace: nil, diagnostics: loaded.diagnostics, sources: sources)
        }
        var decoder = WorkspaceDecoder(file: path)
        let workspace = decoder.decode(document.root)
        let diagnostics = (loaded.diagnostics + decoder.diagnostics).sorted(by: Diagnostic.reportOrder)
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(workspace: failed ? nil : workspace, diagnostics: diagnostics, sources: sources)
    }
}
