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
    ]

    static var specDirectory: URL? {
        if let path = ProcessInfo.processInfo.environment["CEL_SPEC_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // Tests/CELTests/ConformanceTests.swift → package root → ../shared/cel-spec
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/cel-spec"),
            packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/cel-spec"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) }
    }

    @Test func conformanceSuite() throws {
        guard let directory = Self.specDirectory,
              FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path) else {
            print("cel-conformance: spec directory not found (set CEL_SPEC_DIR); skipping")
            return
        }
        let verbose = ProcessInfo.processInfo.environment["CEL_CONFORMANCE_VERBOSE"] != nil
        let manifest = try ConformanceManifest(directory.appendingPathComponent("manifest.json"))
        var totals = (passed: 0, failed: 0, skipped: 0)
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
            totals.passed += counts.passed
            totals.failed += counts.failed
            totals.skipped += counts.skipped
        }
        print("cel-conformance total: \(totals.passed) passed, \(totals.failed) failed, \(totals.skipped) skipped")
        for failure in unexpected.prefix(40) { print("  required failure: \(failure)") }
        #expect(unexpected.isEmpty, "\(unexpected.count) required conformance tests failed")
        #expect(Double(requiredSkips) <= Double(requiredCount) * 0.02, "too many skips: \(requiredSkips) of \(requiredCount)")
    }
}

/// The test list of `manifest.json`: which tests need protobuf messages.
struct ConformanceManifest {
    var files: [String] = []
    var needsProto: Set<String> = []

    init(_ url: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        for file in (root?["files"] as? [[String: Any]]) ?? [] {
            guard let fileName = file["file"] as? String else { continue }
            let name = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
            files.append(name)
            for section in (file["sections"] as? [[String: Any]]) ?? [] {
                let sectionName = (section["name"] as? String) ?? ""
                for test in (section["tests"] as? [[String: Any]]) ?? [] where (test["needs_proto"] as? Bool) == true {
                    needsProto.insert("\(name)/\(sectionName)/\((test["name"] as? String) ?? "")")
                }
            }
        }
        files.sort()
    }
}

/// One conformance test: parse, check unless disabled, plan, evaluate, compare.
struct ConformanceCase {
    let test: [String: Any]

    init(_ test: [String: Any]) {
        self.test = test
    }

    /// `nil` when the test passes, else what went wrong.
    func run() -> String? {
        guard let source = test["expr"] as? String else { return "no expression" }
        let container = (test["container"] as? String) ?? ""
        let disableCheck = (test["disable_check"] as? Bool) ?? false
        let checkOnly = (test["check_only"] as? Bool) ?? false
        var environment = CELEnvironment(container: container)
        do {
            for declaration in (test["type_env"] as? [[String: Any]]) ?? [] {
                guard let name = declaration["name"] as? String else { continue }
                if let ident = declaration["ident"] as? [String: Any] {
                    environment.declare(variable: name, type: try ConformanceValue.type(ident["type"] as Any))
                } else if let function = declaration["function"] as? [String: Any] {
                    let overloads = try ((function["overloads"] as? [[String: Any]]) ?? []).map { overload in
                        CELOverload(id: (overload["overload_id"] as? String) ?? "",
                                    parameters: try ((overload["params"] as? [Any]) ?? []).map(ConformanceValue.type),
                                    result: try ConformanceValue.type(overload["result_type"] as Any),
                                    typeParameters: (overload["type_params"] as? [String]) ?? [],
                                    isInstance: (overload["is_instance_function"] as? Bool) ?? false)
                    }
                    environment.declare(function: name, overloads: overloads)
                }
            }
        } catch {
            return "unsupported declaration: \(error)"
        }
        let ast: CELAST
        let expandsMacros = !((test["disable_macros"] as? Bool) ?? false)
        switch environment.parse(source, expandsMacros: expandsMacros) {
        case .success(let parsed): ast = parsed
        case .failure(let errors): return "parse error: \(errors.issues.map(\.message))"
        }
        var program: CELProgram
        var checkedType: CELType?
        do {
            program = try CELProgram(parsed: ast, container: container)
            if !disableCheck || checkOnly {
                switch environment.check(ast) {
                case .failure(let errors): return "check error: \(errors.issues.map(\.message))"
                case .success(let checked):
                    program = try CELProgram(checked: checked)
                    checkedType = checked.resultType
                }
            }
        } catch {
            return "plan error: \(error)"
        }
        if let typed = test["typed_result"] as? [String: Any], let deduced = typed["deduced_type"] {
            guard let expected = try? ConformanceValue.type(deduced) else { return "unsupported type" }
            guard let checkedType else { return "no checker to deduce \(expected.runtimeName)" }
            if checkedType != expected { return "deduced \(checkedType.runtimeName), expected \(expected.runtimeName)" }
        }
        if checkOnly { return nil }
        var bindings: [String: CELValue] = [:]
        for (name, binding) in (test["bindings"] as? [String: Any]) ?? [:] {
            guard let binding = binding as? [String: Any] else { continue }
            if let value = binding["value"] {
                guard let decoded = try? ConformanceValue.value(value) else { return "unsupported binding \(name)" }
                bindings[name] = decoded
            } else {
                bindings[name] = .error(CELError(.other, "bound error"))
            }
        }
        let activation = CELActivation(bindings)
        let result = program.evaluate(activation)
        // The traced path is planned separately (no folding, recording closures): it must agree.
        let traced = program.evaluateTraced(activation).value
        if !(traced.sameValue(result) || (traced.isError && result.isError)) {
            return "traced evaluation gave \(traced), plain gave \(result)"
        }
        // So must the unchecked plan (dynamic dispatch on run-time kinds, names resolved late).
        if let dynamic = try? CELProgram(parsed: ast, container: container).evaluate(activation),
           !(dynamic.sameValue(result) || (dynamic.isError && result.isError)) {
            return "unchecked evaluation gave \(dynamic), checked gave \(result)"
        }
        if test["eval_error"] != nil {
            return result.isError ? nil : "expected an error, got \(result)"
        }
        let expected: CELValue
        if let value = test["value"] {
            guard let decoded = try? ConformanceValue.value(value) else { return "unsupported expected value" }
            expected = decoded
        } else if let typed = test["typed_result"] as? [String: Any], let value = typed["result"] {
            guard let decoded = try? ConformanceValue.value(value) else { return "unsupported expected value" }
            expected = decoded
        } else {
            expected = .bool(true)
        }
        return result.sameValue(expected) ? nil : "got \(result), expected \(expected)"
    }
}
