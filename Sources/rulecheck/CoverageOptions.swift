import ArgumentParser
import Foundation
import Output
import RuleTests

/// `rulecheck test --coverage [--coverage-format text|json|lcov] [--coverage-out FILE]
/// [--coverage-min PERCENT]` (docs/guide.md, "Test coverage").
struct CoverageOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, lcov
    }

    @Flag(help: "Also report which conditions and awards the tests exercised (outcomes seen of all outcomes).")
    var coverage = false

    @Option(help: "The coverage report's format: text, json or lcov (a tracefile over the rule files).")
    var coverageFormat: Format?

    @Option(help: "Write the coverage report to this file instead of standard output.")
    var coverageOut: String?

    @Option(help: ArgumentHelp("Exit with status 1 when coverage is below this percentage.", valueName: "percent"))
    var coverageMin: Double?

    func validate() throws {
        if !coverage {
            let given = [coverageFormat.map { _ in "--coverage-format" }, coverageOut.map { _ in "--coverage-out" },
                         coverageMin.map { _ in "--coverage-min" }].compactMap { $0 }
            if let first = given.first { throw ValidationError("\(first) needs --coverage") }
        }
        if let coverageMin, !(0...100).contains(coverageMin) {
            throw ValidationError("--coverage-min must be a percentage from 0 to 100, not \(coverageMin)")
        }
    }

    /// Writes the report of `coverages` (after the tests' report when on standard output) and
    /// tells whether coverage is below `--coverage-min`.
    func finish(_ coverages: [RuleSetCoverage]) throws -> Bool {
        let report: String = switch coverageFormat ?? .text {
        case .text: CoverageTextRenderer().render(coverages)
        case .json: CoverageJSONRenderer().render(coverages)
        case .lcov: CoverageLCOVRenderer().render(coverages)
        }
        if let coverageOut {
            do {
                try Data(report.utf8).write(to: URL(fileURLWithPath: coverageOut), options: .atomic)
            } catch {
                throw CommandInput.usageFailure(
                    "error: --coverage-out \(coverageOut): cannot write the file (\(error.localizedDescription))")
            }
        } else {
            try StandardStream.output.write(report)
        }
        guard let coverageMin else { return false }
        return CoverageFigure(coverages.map { CoverageFigure($0.report) }).isBelow(coverageMin)
    }
}
