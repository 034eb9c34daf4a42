import Foundation
import Testing

/// The engine an app embeds links no YAML: neither `CYAML` (libyaml) nor `YAMLSource` is in the
/// transitive target closure of `RulecheckEngine`, read from Package.swift as SwiftPM reads it.
@Suite struct EngineDependencyTests {
    @Test func engineClosureHasNoYAML() throws {
        let manifest = try String(contentsOfFile: EngineFixtures.path("Package.swift"), encoding: .utf8)
        let graph = try Self.targetDependencies(manifest)
        try #require(graph["RulecheckEngine"] != nil, "Package.swift declares RulecheckEngine")
        #expect(graph["YAMLSource"]?.contains("CYAML") == true, "the parser sees YAMLSource → CYAML")
        let closure = Self.closure(of: "RulecheckEngine", in: graph)
        #expect(closure.contains("Evaluation"), "the parser follows dependencies: \(closure.sorted())")
        #expect(!closure.contains("CYAML"), "RulecheckEngine reaches CYAML: \(closure.sorted())")
        #expect(!closure.contains("YAMLSource"), "RulecheckEngine reaches YAMLSource: \(closure.sorted())")
    }

    /// No source file of a target in the closure imports a YAML module either.
    @Test func engineSourcesImportNoYAML() throws {
        let manifest = try String(contentsOfFile: EngineFixtures.path("Package.swift"), encoding: .utf8)
        let closure = Self.closure(of: "RulecheckEngine", in: try Self.targetDependencies(manifest))
        var offenders: [String] = []
        for target in closure where target != "CYAML" {
            let folder = EngineFixtures.path("Sources/" + target)
            guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: (folder as NSString).appendingPathComponent(file), encoding: .utf8)
                if text.contains("import YAMLSource") || text.contains("import CYAML") { offenders.append("\(target)/\(file)") }
            }
        }
        #expect(offenders.isEmpty, "these files of the engine's closure import YAML: \(offenders.sorted())")
    }

    /// Each target's direct dependencies by name: `.target(name: "X", dependencies: [...])`,
    /// `.executableTarget`, `.testTarget`, `.systemLibrary` (string and `.target(name:)` entries;
    /// products of other packages are not targets and are left out).
    static func targetDependencies(_ manifest: String) throws -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        let declaration = try Regex(#"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let matches = manifest.matches(of: declaration)
        for (position, match) in matches.enumerated() {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            let end = position + 1 < matches.count ? matches[position + 1].range.lowerBound : manifest.endIndex
            let body = manifest[match.range.upperBound..<end]
            var dependencies: Set<String> = []
            if let list = body.firstRange(of: "dependencies:") {
                var depth = 0
                var text = ""
                for character in body[list.upperBound...] {
                    if character == "[" { depth += 1 }
                    if character == "]" { depth -= 1; if depth == 0 { break } }
                    text.append(character)
                }
                // Quoted names that are not a `.product(name:, package:)`'s.
                let withoutProducts = text.replacing(try Regex(#"\.product\([^)]*\)"#), with: "")
                for quoted in withoutProducts.matches(of: try Regex(#""([^"]+)""#)) {
                    if let dependency = quoted.output[1].substring { dependencies.insert(String(dependency)) }
                }
            }
            graph[name] = dependencies
        }
        return graph
    }

    static func closure(of target: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = [target]
        while let next = pending.popLast() {
            for dependency in graph[next] ?? [] where seen.insert(dependency).inserted { pending.append(dependency) }
        }
        return seen
    }
}
