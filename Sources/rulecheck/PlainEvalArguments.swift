import ArgumentParser

/// An `eval` command line in the one form every script and CI job writes: `eval`, then rule
/// paths and long options each followed by its value as a separate argument (`--state FILE`),
/// and the `--batch` flag. `Rulecheck.main` builds the command from it directly; any other
/// command line (help, `--option=value`, short names, a value that starts with `-`, an option
/// given twice, `--watch`, an unknown option, a command that fails `validate()`) is left to
/// ArgumentParser, so messages and exit statuses stay its own.
///
/// Why it exists: ArgumentParser finds a command's options by reflecting over its property
/// wrappers at every start, and in a statically linked binary each type it reflects costs the
/// runtime a scan of every protocol conformance record the first time, which is a large part of
/// a short `eval` process. The options read here are the ones `EvalCommand` declares; every
/// stored property of `EvalCommand` (and of its option groups) is set below, since a property
/// wrapper that ArgumentParser did not fill cannot be read.
struct PlainEvalArguments {
    private var paths: [String] = []
    private var values: [String: String] = [:]
    private var batch = false

    /// The options that take a value, by their long name.
    private static let valueOptions: Set<String> = [
        "--ruleset", "--now", "--locale", "--state", "--states", "--jobs", "--format", "--write-state",
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

    /// The command ArgumentParser would have made of the same arguments, or nil when a value
    /// does not convert or the command does not validate (ArgumentParser then reports it).
    var command: EvalCommand? {
        var options = EvaluationOptions()
        options.ruleset = values["--ruleset"]
        options.now = values["--now"]
        options.locale = values["--locale"]
        var watching = WatchOption()
        watching.watch = false
        var command = EvalCommand()
        command.paths = paths
        command.options = options
        command.state = values["--state"]
        command.batch = batch
        command.states = values["--states"]
        command.writeState = values["--write-state"]
        command.watching = watching
        if let jobs = values["--jobs"] {
            guard let count = Int(jobs) else { return nil }
            command.jobs = count
        } else {
            command.jobs = nil
        }
        if let format = values["--format"] {
            guard let known = EvalCommand.Format(rawValue: format) else { return nil }
            command.format = known
        } else {
            command.format = .text
        }
        do {
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}
