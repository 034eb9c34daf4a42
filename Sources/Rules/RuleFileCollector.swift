import Diagnostics
import Foundation

/// The rule files under the paths of the command line: every `*.yaml` / `*.yml`, recursively,
/// in sorted path order (SPEC 2).
enum RuleFileCollector {
    static func collect(paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        var files: [String] = [], diagnostics: [Diagnostic] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(.error(RuleCode.pathNotFound, "path '\(path)' does not exist", at: .file(path),
                                          fix: "check the path given on the command line"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let found = ((try? manager.subpathsOfDirectory(atPath: path)) ?? [])
                .filter { isRuleFile($0) && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .map { (path as NSString).appendingPathComponent($0) }
            if found.isEmpty {
                diagnostics.append(.error(RuleCode.noRuleFiles, "no rule files (*.yaml, *.yml) found in '\(path)'",
                                          at: .file(path)))
            }
            files += found
        }
        var seen = Set<String>()
        return (files.sorted().filter { seen.insert($0).inserted }, diagnostics)
    }

    static func isRuleFile(_ path: String) -> Bool {
        path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }
}
