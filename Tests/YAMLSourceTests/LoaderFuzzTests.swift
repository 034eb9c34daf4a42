import Diagnostics
import Testing
@testable import YAMLSource
import TestSupport

/// 10,000 random and mutated inputs through the loader: nothing crashes, every diagnostic has a
/// span inside the file, and every node of a loaded document answers its queries.
@Suite struct LoaderFuzzTests {
    static let seed: UInt64 = 0x5EED_2026
    static let inputCount = 10_000

    static let fragments: [[UInt8]] = [
        "&a ", "*a", "<<: ", "<<: *a", "!", "!x ", "!!int ", "{", "}", "[", "]", "\"", "'", "\t", "\0",
        "#", " #", ": ", "- ", "\n", "\r\n", "|", ">", "---\n", "...\n", "%YAML 1.1\n", "&a [*a]", "? ",
        "when: !x\n", "&b {x: *b}", "\u{FEFF}", "专注", "\\", "\\u00", ",", "  ", "0o17", "1:20", "~",
    ].map { [UInt8]($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xC2, 0x85], [0xE2, 0x80, 0xA8]]

    static let deepInputs: [[UInt8]] = [
        [UInt8](repeating: 0x5B, count: 10_000),
        [UInt8](repeating: 0x7B, count: 10_000),
        [UInt8](String(repeating: "- ", count: 5_000).utf8),
        [UInt8]((0..<2_000).map { String(repeating: " ", count: $0) + "k:\n" }.joined().utf8),
        [UInt8](String(repeating: "[", count: 10_000).utf8) + [UInt8](String(repeating: "]", count: 10_000).utf8),
    ]

    static func corpus() -> [[UInt8]] {
        var files: [[UInt8]] = []
        for folder in ["diagnostics", "typing", "positions"] {
            for name in FixtureFiles.names(in: folder) { files.append(FixtureFiles.bytes("\(folder)/\(name)")) }
        }
        return files.filter { !$0.isEmpty }
    }

    static func mutate(_ input: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where position < bytes.count:
                bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1:
                bytes.removeSubrange(position...)
            case 2, 3:
                bytes.insert(contentsOf: fragments.randomElement(using: &rng) ?? [], at: position)
            case 4 where position < bytes.count:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &rng))
                bytes.removeSubrange(position..<end)
            default:
                let end = min(bytes.count, position + Int.random(in: 1...32, using: &rng))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            }
        }
        return bytes
    }

    static func randomInput(using rng: inout SeededGenerator) -> [UInt8] {
        if Bool.random(using: &rng) {
            return (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        }
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...60, using: &rng) {
            bytes += fragments.randomElement(using: &rng) ?? []
            if Int.random(in: 0..<3, using: &rng) == 0 { bytes += [UInt8]("key".utf8) }
        }
        return bytes
    }

    @Test func randomAndMutatedInputsNeverCrash() {
        var rng = SeededGenerator(seed: LoaderFuzzTests.seed)
        let corpus = LoaderFuzzTests.corpus()
        #expect(corpus.count >= 40)
        var loaded = 0, rejected = 0, problems: [String] = []
        defer { print("fuzz: \(LoaderFuzzTests.inputCount) inputs, \(loaded) loaded, \(rejected) rejected, seed \(LoaderFuzzTests.seed)") }
        for index in 0..<LoaderFuzzTests.inputCount {
            let input: [UInt8]
            if index < LoaderFuzzTests.deepInputs.count {
                input = LoaderFuzzTests.deepInputs[index]
            } else if index % 10 < 3 || corpus.isEmpty {
                input = LoaderFuzzTests.randomInput(using: &rng)
            } else {
                input = LoaderFuzzTests.mutate(corpus[Int.random(in: 0..<corpus.count, using: &rng)], using: &rng)
            }
            let file = "fuzz-\(index).yaml"
            let result = YAMLLoader.load(bytes: input, file: file)
            if let problem = LoaderFuzzTests.check(result, file: file, input: input) {
                problems.append("input \(index): \(problem)")
            }
            if result.document != nil { loaded += 1 } else { rejected += 1 }
        }
        let clean = problems.isEmpty
        #expect(clean, "\(problems.count) broken invariants, first: \(problems.prefix(5))")
        // Both paths must be exercised for the run to mean anything.
        #expect(loaded > 1_000)
        #expect(rejected > 1_000)
    }

    /// The invariants every load must keep; nil when all hold.
    static func check(_ result: YAMLLoadResult, file: String, input: [UInt8]) -> String? {
        let lineCount = SourceLines(bytes: input).lineCount
        for diagnostic in result.diagnostics {
            guard let span = diagnostic.span else { return "\(diagnostic.code) has no span" }
            guard span.file == file, span.start.line >= 1, span.start.column >= 1,
                  span.start.line <= lineCount, span.end >= span.start else {
                return "\(diagnostic.code) has a bad span \(span)"
            }
        }
        if result.document == nil && !result.hasErrors { return "no document and no error" }
        guard let document = result.document else { return nil }
        for node in FixtureFiles.allNodes(document.root) {
            guard node.span.start.line >= 1, node.span.start.line <= lineCount,
                  document.line(node.span.start.line) != nil else {
                return "node span \(node.span) outside the file"
            }
            _ = node.scalarValue
            if let problem = node.expressionProblem(field: "when", in: document), problem.span == nil {
                return "trap \(problem.code) without span"
            }
            if let map = node.scalarMap {
                for run in map.runs where run.start.line < 1 || run.start.line > lineCount || run.start.column < 1 {
                    return "scalar map run \(run) outside the file"
                }
                // A mapped character is the one written there (folded breaks excepted).
                let value = Array((node.scalarText ?? "").unicodeScalars)
                for (offset, scalar) in value.enumerated() where scalar != " " && scalar != "\n" {
                    guard let position = map.position(ofOffset: offset) else { break }
                    let line = Array((document.line(position.line) ?? "").unicodeScalars)
                    guard position.column - 1 < line.count, line[position.column - 1] == scalar else {
                        return "scalar map sends offset \(offset) of \(node.scalarText ?? "") to \(position), which holds another character"
                    }
                }
            }
        }
        return nil
    }
}
