import ArgumentParser
import Facts

/// The options `eval` and `explain` share: which rule set, at which moment, in which locale.
struct EvaluationOptions: ParsableArguments {
    @Option(help: "A rule set named in rulecheck.yaml, instead of paths.")
    var ruleset: String?

    @Option(help: "The evaluation moment, RFC 3339 with an offset (default: the file's now, else the clock).")
    var now: String?

    @Option(help: "The locale of titles (a BCP 47 tag: exact tag, then the same language, then the default).")
    var locale: String?

    @Option(help: "An event that cannot be read: reject (the state fails) or skip (left out, warned about as bad_event).")
    var badEvents: BadEvents = .reject

    /// A `--now` that is not RFC 3339 with an offset is bad usage, reported before any file is read.
    func validate() throws {
        if let now, case .failure(let problem) = Moment.parse(now) { throw ValidationError("--now '\(now)': \(problem)") }
    }

    /// `--now` parsed (`validate()` refused any other).
    var moment: Moment? {
        now.flatMap { if case .success(let moment) = Moment.parse($0) { moment } else { nil } }
    }
}

extension BadEvents: ExpressibleByArgument {}
