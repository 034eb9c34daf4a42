import Foundation
import Testing
import TestSupport

/// The layers of Package.swift, read from its text: an app embeds the rule model, the facts and
/// the evaluation without libyaml (issue 10), and a lower layer never imports a higher one.
@Suite struct PackageLayersTests {
    static let root = Repository.root

    /// Each target's declared dependencies (names of targets of this package; products of other
    /// packages are left out), from `.target(name: "X", dependencies: [...])` entries.
    static func dependencies() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let entry = try Regex(#"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var result: [String: [String]] = [:]
        for match in text.matches(of: entry) {
            guard let name = match.output[1].substring else { continue }
            let list = match.output[2].substring.map(String.init) ?? ""
            let names = list.matches(of: try Regex(#"^\s*"([^"]+)"|,\s*"([^"]+)""#)).compactMap {
                ($0.output[1].substring ?? $0.output[2].substring).map(String.init)
            }
            result[String(name)] = names
        }
        return result
    }

    /// Every target `name` reaches through its dependencies.
    static func closure(of name: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var stack = graph[name] ?? []
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack += graph[next] ?? []
        }
        return seen
    }

    static let yamlFree = ["JSON", "RuleModel", "Facts", "Evaluation"]
    static let yamlTargets: Set = ["CYAML", "YAMLSource", "Rules", "StateFileYAML", "RuleTests"]

    @Test func theParserSeesTheTargets() throws {
        let graph = try Self.dependencies()
        #expect(graph["YAMLSource"] == ["CYAML", "Diagnostics"])
        #expect(Self.closure(of: "Rules", in: graph).contains("CYAML"))
        for name in Self.yamlFree { #expect(graph[name] != nil, "\(name) is a target") }
    }

    @Test(arguments: yamlFree)
    func engineLayersDoNotReachYAML(target: String) throws {
        let reached = Self.closure(of: target, in: try Self.dependencies())
        #expect(reached.isDisjoint(with: Self.yamlTargets), "\(target) reaches \(reached.intersection(Self.yamlTargets).sorted())")
    }

    /// A source file cannot import what its target does not declare, but a declared dependency
    /// could be added back by mistake: the sources themselves must not import the YAML layers.
    @Test(arguments: yamlFree)
    func engineSourcesDoNotImportYAML(target: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
                #expect(!Self.yamlTargets.contains(module), "\(file.lastPathComponent) imports \(module)")
            }
        }
    }

    /// The language server sits between the renderers and the command line: it reaches the
    /// rule loader and the renderers' layer, and nothing but the command line reaches it.
    @Test func theLanguageServerSitsBetweenOutputAndTheCommandLine() throws {
        let graph = try Self.dependencies()
        let reached = Self.closure(of: "LanguageServer", in: graph)
        #expect(reached.isSuperset(of: ["Output", "Rules", "JSON"]))
        #expect(!reached.contains("rulecheck"))
        let dependents = Set(graph.filter { $0.value.contains("LanguageServer") }.keys)
        #expect(dependents.contains("rulecheck"))
        #expect(dependents.isSubset(of: ["rulecheck", "rulecheck-bench", "rulecheck-fuzz", "LanguageServerTests"]))
    }
}
