import Foundation
import Testing
@testable import CEL

/// Runs the CEL spec's conformance tests (`$CEL_SPEC_DIR`, else `../shared/cel-spec` next to
/// the package) through parse → check → plan → evaluate and prints one line per file:
/// `cel-conformance <file>: P passed, F failed, S skipped`, then a total line.
@Suite struct ConformanceTests {
    /// Files where every test without protobuf messages must pass.
    static let requiredFiles: Set<String> = [
        "basic", "comparisons", "conversions", "fields", "fp_math", "integer_math", "lists", "logic",
        "macros", "macros2", "namespace", "parse", "plumbing", "string", "timestamps",
        // The extension libraries every environment has: strings, math, bindings, optional values.
        "math_ext", "string_ext", "bindings_ext", "optionals",
    ]

    /// The spec directory, or `nil` when it (with its `manifest.json`) is not there.
    static var specDirectory: URL? {
        func hasManifest(_ url: URL) -> Bool {
            FileManager.default.fileExists(atPath: url.appendingPathComponent("manifest.json").path)
        }
        if let path = ProcessInfo.processInfo.environment["CEL_SPEC_DIR"], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            return hasManifest(url) ? url : nil
        }
        // Tests/CELTests/ConformanceTests.swift → package root → ../shared/cel-spec
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/cel-spec"),
            packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/cel-spec"),
        ]
        return candidates.first(where: hasManifest)
    }

    @Test func conformanceSuite() throws {
        guard let directory = Self.specDirectory else {
            print("cel-conformance: spec directory not found (set CEL_SPEC_DIR); skipping")
            return
        }
        let verbose = ProcessInfo.processInfo.environment["CEL_CONFORMANCE_VERBOSE"] != nil
        let manifest = try ConformanceManifest(directory.appendingPathComponent("manifest.json"))
        var totals = (passed: 0, failed: 0, skipped: 0)
        var requiredTotals = (passed: 0, failed: 0, skipped: 0)
        var requiredCount = 0
        var requiredSkips = 0
        var unexpected: [String] = []
        for file in manifest.files {
            let url = directory.appendingPathComponent("tests").appendingPathComponent(file + ".json")
            let data = try Data(contentsOf: url)
            guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            var counts = (passed: 0, failed: 0, skipped: 0)
            let required = Self.requiredFiles.contains(file)
            for section in (root["section"] as? [[String: Any]]) ?? [] {
                let sectionName = (section["name"] as? String) ?? ""
                for test in (section["test"] as? [[String: Any]]) ?? [] {
                    let name = (test["name"] as? String) ?? ""
                    let key = "\(file)/\(sectionName)/\(name)"
                    if manifest.needsProto.contains(key) {
                        counts.skipped += 1
                        continue
                    }
                    if required { requiredCount += 1 }
                    if ConformanceSkips.reasons[key] != nil {
                        counts.skipped += 1
                        if required { requiredSkips += 1 }
                        continue
                    }
                    if verbose { print("  RUN \(key)") }
                    let outcome = ConformanceCase(test).run()
                    if let failure = outcome {
                        counts.failed += 1
                        if required { unexpected.append("\(key): \(failure)") }
                        if verbose { print("  FAIL \(key): \(failure)") }
                    } else {
                        counts.passed += 1
                    }
                }
            }
            print("cel-conformance \(file): \(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) skipped")
            Self.add(counts, to: &totals)
            if required { Self.add(counts, to: &requiredTotals) }
        }
        // The other extension libraries (block, encoders, network) are not implemented; the
        // required files are the contract, so their total is printed on its own.
        print("cel-conformance required files: \(requiredTotals.passed) passed, \(requiredTotals.failed) failed, "
              + "\(requiredTotals.skipped) skipped (\(requiredSkips) of \(requiredCount) skipped beyond needs_proto)")
        print("cel-conformance total: \(totals.passed) passed, \(totals.failed) failed, \(totals.skipped) skipped")
        for failure in unexpected.prefix(40) { print("  required failure: \(failure)") }
        #expect(unexpected.isEmpty, "\(unexpected.count) required conformance tests failed")
        #expect(Double(requiredSkips) <= Double(requiredCount) * 0.02, "too many skips: \(requiredSkips) of \(requiredCount)")
    }

    private static func add(_ counts: (passed: Int, failed: Int, skipped: Int),
                            to totals: inout (passed: Int, failed: Int, skipped: Int)) {
        totals.passed += counts.passed
        totals.failed += counts.failed
        totals.skipped += counts.skipped
    }
}
