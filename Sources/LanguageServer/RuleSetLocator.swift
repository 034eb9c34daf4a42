import Foundation
import Rules

/// Which rule set a file belongs to: the rule set of the workspace (`rulecheck.yaml`, found
/// from the file's folder upwards, else from the client's root) whose paths hold it, else the
/// rule files of the file's own folder. Only `*.yaml` / `*.yml` files other than the workspace
/// file itself belong to one.
package struct RuleSetLocator: Sendable {
    /// The client's root folder, when it named one.
    package var root: String?

    package init(root: String?) {
        self.root = root
    }

    /// One rule set: its name (nil for a folder outside the workspace), its paths (absolute),
    /// and its example state (7.4), when the workspace names one.
    package struct Located: Sendable, Hashable {
        package var name: String?
        package var paths: [String]
        package var example: String?
    }

    package func ruleSet(of path: String) -> Located? {
        let name = (path as NSString).lastPathComponent
        guard path.hasSuffix(".yaml") || path.hasSuffix(".yml"), name != Workspace.fileName else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        for start in [folder, root].compactMap({ $0 }) {
            guard let file = WorkspaceLoader.find(from: start),
                  let workspace = WorkspaceLoader.load(path: DocumentURI.standardized(file)).workspace else { continue }
            for entry in workspace.ruleSets {
                let paths = entry.paths.map(DocumentURI.standardized)
                if paths.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
                    return Located(name: entry.name, paths: paths, example: entry.example.map(DocumentURI.standardized))
                }
            }
        }
        return Located(name: nil, paths: [folder], example: nil)
    }
}
