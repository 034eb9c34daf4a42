import Diagnostics
import Foundation
@testable import YAMLSource

/// Access to the fixture files, and the golden rendering of diagnostics.
enum FixtureFiles {
    static var root: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Where golden files are written when `UPDATE_GOLDEN=1` (the source tree, not the bundle).
    static var sourceRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// The `.yaml` fixtures of a folder, sorted.
    static func names(in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    static func bytes(_ relativePath: String) -> [UInt8] {
        (try? Data(contentsOf: root.appendingPathComponent(relativePath))).map { [UInt8]($0) } ?? []
    }

    static func text(_ relativePath: String) -> String {
        String(decoding: bytes(relativePath), as: UTF8.self)
    }

    /// Loads a fixture with its relative path as the file name, so goldens do not depend on
    /// where the bundle lives.
    static func load(_ relativePath: String) -> YAMLLoadResult {
        YAMLLoader.load(bytes: bytes(relativePath), file: relativePath)
    }

    /// One line per diagnostic: code, severity, span, message; then its notes and fix, indented.
    static func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics {
            out += "\(d.code) \(d.severity.rawValue) \(render(d.span)) \(d.message)\n"
            for note in d.notes { out += "  note \(render(note.span)) \(note.message)\n" }
            if let fix = d.fix { out += "  fix: \(fix)\n" }
        }
        return out
    }

    static func render(_ span: SourceSpan?) -> String {
        guard let span else { return "-" }
        return "\(span.file):\(span.start.line):\(span.start.column)-\(span.end.line):\(span.end.column)"
    }

    /// Every node of the tree, without recursion (the tree may be deep).
    static func allNodes(_ root: YAMLNode) -> [YAMLNode] {
        var result: [YAMLNode] = []
        var pending = [root]
        while let node = pending.popLast() {
            result.append(node)
            switch node.kind {
            case .scalar: break
            case .sequence(let items): pending.append(contentsOf: items.reversed())
            case .mapping(let pairs):
                for pair in pairs.reversed() { pending.append(pair.value); pending.append(pair.key) }
            }
        }
        return result
    }

    /// The values of every pair whose key is `key`, in document order.
    static func values(of key: String, in root: YAMLNode) -> [YAMLNode] {
        var result: [YAMLNode] = []
        for node in allNodes(root) {
            guard case .mapping(let pairs) = node.kind else { continue }
            for pair in pairs where pair.key.scalarText == key { result.append(pair.value) }
        }
        return result
    }

    /// Looks a key up in a mapping node.
    static func value(_ key: String, in node: YAMLNode) -> YAMLNode? {
        guard case .mapping(let pairs) = node.kind else { return nil }
        return pairs.first { $0.key.scalarText == key }?.value
    }
}
