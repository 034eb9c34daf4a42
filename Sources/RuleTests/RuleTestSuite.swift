import Foundation
import YAMLSource

/// The rule tests of one folder and the rule set they run against (docs/guide.md, "4. Rule tests").
///
/// A tests file runs against the rules beside it: the folder that holds it (recursively), plus
/// every path of the command line that holds no tests file (shared rules, such as a catalog
/// folder). So `rulecheck test rules/puzzle catalogs/puzzle` tests the puzzle with its catalog,
/// and `rulecheck test rules catalogs` tests every product folder under `rules` on its own.
package struct RuleTestSuite: Sendable, Hashable {
    /// The folder of the tests files (as written on the command line, joined with sub-paths).
    package var folder: String
    /// What to load as the rule set: the folder, then the shared paths.
    package var rulePaths: [String]

    package init(folder: String, rulePaths: [String]) {
        self.folder = folder
        self.rulePaths = rulePaths
    }

    /// Whether a rule test written in `file` belongs to this suite (is directly in its folder).
    package func contains(testFile file: String) -> Bool {
        Self.standardized((file as NSString).deletingLastPathComponent) == Self.standardized(folder)
    }

    /// The suites under the paths, by folder in sorted order; empty when no path holds a tests file.
    package static func discover(paths: [String]) -> [RuleTestSuite] {
        var folders: [String] = []
        var shared: [String] = []
        for path in paths {
            let testFiles = ruleFiles(under: path).filter(isTestsFile)
            if testFiles.isEmpty {
                shared.append(path)
                continue
            }
            for file in testFiles {
                let folder = (file as NSString).deletingLastPathComponent
                let name = folder.isEmpty ? "." : folder
                if !folders.contains(where: { standardized($0) == standardized(name) }) { folders.append(name) }
            }
        }
        return folders.sorted().map { RuleTestSuite(folder: $0, rulePaths: [$0] + shared) }
    }

    /// `*.yaml` / `*.yml` files under a path (the path itself when it is one), in sorted order,
    /// hidden files and folders skipped — the files a rule set is made of. A folder reached again
    /// through a symbolic link (a loop) is not walked again; the rule set loader reports it.
    static func ruleFiles(under path: String) -> [String] {
        var walking = Set<String>()
        return ruleFiles(under: path, walking: &walking)
    }

    private static func ruleFiles(under path: String, walking: inout Set<String>) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return isRuleFile(path) ? [path] : [] }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard walking.insert(resolved).inserted else { return [] }
        defer { walking.remove(resolved) }
        var files: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            files += ruleFiles(under: (path as NSString).appendingPathComponent(name), walking: &walking)
        }
        return files
    }

    static func isRuleFile(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }

    /// A tests file has the top-level key `tests` (docs/guide.md, "4. Rule tests"). A file that does not parse is not
    /// one here; the rule set loader reports it.
    static func isTestsFile(_ path: String) -> Bool {
        // Its keys up to `tests` tell it without a tree; a file the scan is unsure of is loaded.
        if let keys = YAMLLoader.topLevelKeys(path: path, stoppingAt: { $0 == "tests" }) { return keys.contains("tests") }
        guard case .mapping(let pairs)? = YAMLLoader.load(path: path).document?.root.kind else { return false }
        return pairs.contains { $0.key.scalarText == "tests" }
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.path
    }
}
