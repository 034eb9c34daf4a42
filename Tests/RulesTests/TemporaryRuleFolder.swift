import Foundation

/// A folder of rule files written for one test, removed when the test is done with it.
struct TemporaryRuleFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-tests-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    var path: String { url.path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
