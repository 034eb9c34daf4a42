import Facts

/// An `eval` command line in the one form every script and CI job writes: `eval`, then rule
/// paths and long options each followed by its value as a separate argument (`--state FILE`),
/// and the `--batch` flag. `Rulecheck.main` runs the `EvalRun` made from it directly; any other
/// command line (help, `--option=value`, short names, a value that starts with `-`, an option
/// given twice, `--watch`, an option not listed here, a run that fails `EvalRun.validate()`) is
/// left to ArgumentParser, so messages and exit statuses stay its own.
///
/// Why it exists: ArgumentParser finds a command's options by reflecting over its property
/// wrappers at every start, and in a statically linked binary each type it reflects costs the
/// runtime a scan of every protocol conformance record the first time, which is a large part of
/// a short `eval` process. No property wrapper is made here: the run is a plain `EvalRun`, so an
/// option that `EvalCommand` gains and this list lacks only sends its command lines the other way.
struct PlainEvalArguments {
    private var paths: [String] = []
    private var values: [String: String] = [:]
    private var batch = false

    /// The options that take a value, by their long name.
    private static let valueOptions: Set<String> = [
        "--ruleset", "--now", "--locale", "--bad-events", "--state", "--states", "--jobs", "--format", "--write-state",
    ]

    /// Reads `arguments` (the process arguments without the program name); nil unless they are
    /// an `eval` command line of the plain form.
    init?(_ arguments: [String]) {
        guard arguments.first == "eval" else { return nil }
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--batch" {
                guard !batch else { return nil }
                batch = true
            } else if Self.valueOptions.contains(argument) {
                guard index < arguments.count, values[argument] == nil else { return nil }
                let value = arguments[index]
                guard !value.hasPrefix("-") else { return nil }
                values[argument] = value
                index += 1
            } else {
                // ArgumentParser reads `help` and anything that starts with `-` itself.
                guard !argument.hasPrefix("-"), argument != "help" else { return nil }
                paths.append(argument)
            }
        }
    }

    /// The run ArgumentParser would have made of the same arguments, or nil when a value does
    /// not convert or the run does not validate (ArgumentParser then reports it).
    var evalRun: EvalRun? {
        var jobs: Int?
        if let written = values["--jobs"] {
            guard let count = Int(written) else { return nil }
            jobs = count
        }
        var format = EvalCommand.Format.text
        if let written = values["--format"] {
            guard let known = EvalCommand.Format(rawValue: written) else { return nil }
            format = known
        }
        var badEvents = BadEvents.reject
        if let written = values["--bad-events"] {
            guard let known = BadEvents(rawValue: written) else { return nil }
            badEvents = known
        }
        let run = EvalRun(paths: paths, ruleset: values["--ruleset"], now: values["--now"], locale: values["--locale"],
                          badEvents: badEvents, state: values["--state"], batch: batch, states: values["--states"],
                          jobs: jobs, format: format, writeState: values["--write-state"], watch: false)
        do {
            try run.validate()
        } catch {
            return nil
        }
        return run
    }
}
