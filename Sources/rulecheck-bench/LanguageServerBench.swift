import Foundation
import JSON
import LanguageServer

/// `rulecheck-bench lsp`: what an editor waits for from `rulecheck lsp` on the products' rule
/// sets — keystroke → diagnostics (the change, the check of its rule set, the publications) and
/// completion after `metrics.`, wall-clock median and 95th percentile, in process, without the
/// pipe; and the resident memory over EDITS edits of one file (it must stay flat). Run from the
/// repository root.
///
/// Usage: `rulecheck-bench lsp [EDITS]` (default 10,000). Targets: diagnostics ≤ 50 ms, completion ≤ 20 ms.
enum LanguageServerBench {
    /// Each product's file with conditions, and a metric condition in it to misspell and mend.
    static let files = [
        ("taskmate", "rules/taskmate/achievements.yaml"), ("puzzle", "rules/puzzle/achievements.yaml"),
        ("weekyii", "rules/weekyii/achievements.yaml"), ("lifer", "rules/lifer/rules.yaml"),
        ("skinlab", "rules/skinlab/achievements.yaml"),
    ]

    static func run(arguments: [String]) {
        let edits = max(100, arguments.first.flatMap(Int.init) ?? 10_000)
        for (product, file) in files {
            guard var session = Session(file: file) else {
                print("lsp: \(file) has no 'metrics.' condition to edit (run from the repository root)")
                continue
            }
            var checks: [Double] = [], completions: [Double] = []
            for edit in 0..<200 {
                checks.append(session.keystroke(edit))
                if edit % 2 == 1 { completions.append(session.completion()) }
            }
            print(String(format: "lsp: %@: keystroke → diagnostics median %.2f ms, p95 %.2f ms; completion median %.2f ms, p95 %.2f ms (targets 50, 20)",
                         product, percentile(checks, 0.5), percentile(checks, 0.95), percentile(completions, 0.5),
                         percentile(completions, 0.95)))
        }
        guard var session = Session(file: files[0].1) else { return }
        var resident: [(Int, Double)] = []
        for edit in 0..<edits {
            _ = session.keystroke(edit)
            if edit % 10 == 9 { _ = session.completion() }
            if (edit + 1) % (edits / 10) == 0 { resident.append((edit + 1, residentMegabytes())) }
        }
        let shown = resident.map { String(format: "%d: %.1f MB", $0.0, $0.1) }.joined(separator: ", ")
        print("lsp: taskmate resident memory over \(edits) edits (a check each, a completion every 10th): \(shown)")
    }

    /// One open file and the server that checks it.
    struct Session {
        var server = LanguageServer()
        let uri: String
        let line: Int, character: Int
        var version = 1
        var nextID: Int64 = 1

        init?(file: String) {
            let root = FileManager.default.currentDirectoryPath
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { return nil }
            let lines = text.components(separatedBy: "\n")
            guard let row = lines.firstIndex(where: { $0.contains("metrics.") }),
                  let range = lines[row].range(of: "metrics.") else { return nil }
            line = row
            character = lines[row][..<range.upperBound].utf16.count
            uri = "file://" + root + "/" + file
            send(["jsonrpc": .string("2.0"), "id": .int(0), "method": .string("initialize"),
                  "params": .object(JSONObject([("rootUri", .string("file://" + root))]))])
            send(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"), "params": .object(JSONObject([
                ("textDocument", .object(JSONObject([("uri", .string(uri)), ("languageId", .string("yaml")),
                                                     ("version", .int(1)), ("text", .string(text))])))]))])
            _ = server.checkPending()
        }

        /// Inserts `x` after `metrics.` (a typo), or takes it out again, and checks: milliseconds.
        mutating func keystroke(_ edit: Int) -> Double {
            version += 1
            let start = position(character), end = position(character + (edit % 2 == 0 ? 0 : 1))
            let change = JSONValue.object(JSONObject([("range", .object(JSONObject([("start", start), ("end", end)]))),
                                                      ("text", .string(edit % 2 == 0 ? "x" : ""))]))
            let began = DispatchTime.now().uptimeNanoseconds
            send(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": .object(JSONObject([
                ("textDocument", .object(JSONObject([("uri", .string(uri)), ("version", .int(Int64(version)))]))),
                ("contentChanges", .array([change]))]))])
            _ = server.checkPending()
            return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
        }

        /// Completion right after `metrics.`: milliseconds.
        mutating func completion() -> Double {
            nextID += 1
            let began = DispatchTime.now().uptimeNanoseconds
            send(["jsonrpc": .string("2.0"), "id": .int(nextID), "method": .string("textDocument/completion"),
                  "params": .object(JSONObject([("textDocument", .object(JSONObject([("uri", .string(uri))]))),
                                                ("position", position(character))]))])
            return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
        }

        func position(_ character: Int) -> JSONValue {
            .object(JSONObject([("line", .int(Int64(line))), ("character", .int(Int64(character)))]))
        }

        @discardableResult
        mutating func send(_ entries: KeyValuePairs<String, JSONValue>) -> [JSONValue] {
            let message = JSONValue.object(JSONObject(entries.map { (key: $0.key, value: $0.value) }))
            return server.receive([.message(Array(JSONWriter.write(message, layout: .compact).utf8))])
        }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }

    /// The process's resident set, from /proc/self/statm (0 where there is none).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
