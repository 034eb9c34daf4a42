import Foundation
import RuleModel
import Rules

/// A folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rulediff-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes `files` into the subfolder `name` and loads them as a rule set (which must validate).
    func ruleSet(_ files: [String: String], in name: String) throws -> RuleSet {
        for (file, text) in files { try write(text, to: "\(name)/\(file)") }
        let loaded = RuleSetLoader.load(paths: [(path as NSString).appendingPathComponent(name)], baseline: nil)
        guard let rules = loaded.ruleSet else {
            throw RuleSetProblem(description: loaded.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
        }
        return rules
    }

    struct RuleSetProblem: Error, CustomStringConvertible {
        var description: String
    }
}
