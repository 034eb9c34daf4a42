import Foundation
import TestSupport

extension RulecheckRun {
    /// The case folders beside this file.
    static let casesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cases").path

    /// A case folder's path.
    static func casePath(_ name: String, _ parts: String...) -> String {
        parts.reduce((casesFolder as NSString).appendingPathComponent(name)) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// Case folder names whose `expect.json` is of `kind`, sorted.
    static func caseNames(_ kind: CaseKind) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: casesFolder)) ?? []
        return names.sorted().filter { name in
            guard let expect = JSONTree.load(casePath(name, "expect.json")) else { return false }
            return CaseKind(expect) == kind
        }
    }
}

/// What a case folder checks, told by its `expect.json`: diagnostics of `validate`, the error of a
/// bad state file, or (default) the decision of `eval`.
enum CaseKind: Sendable {
    case evaluation, badRules, badState

    init(_ expect: JSONTree) {
        if expect["diagnostics"] != nil {
            self = .badRules
        } else if expect["stderr_keywords"] != nil {
            self = .badState
        } else {
            self = .evaluation
        }
    }
}
