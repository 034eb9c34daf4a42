import ArgumentParser
import Foundation
import Rules

/// `--watch` of `validate`, `test` and `eval`: run, then run again whenever a watched file
/// changes, until Ctrl-C (exit status 0). The files are polled twice a second, by modification
/// time and size (`FileSnapshot`), so it needs no file-event library and sleeps between looks.
struct WatchOption: ParsableArguments {
    @Flag(help: "Run again whenever a rule file (or the state file) changes; Ctrl-C stops (exit status 0).")
    var watch = false

    /// How long to sleep between two looks at the files.
    static let interval: useconds_t = 500_000

    /// Runs `body` now and after every change of the files `watched` names (asked again before
    /// each run, so a rule set added to `rulecheck.yaml` is watched too). A failed run (exit
    /// status 1 or 2, its report already printed) does not end the watch. Never returns.
    func repeatRunning(watched: () throws -> [String], _ body: () throws -> Void) throws -> Never {
        Self.stopOnInterrupt()
        while true {
            let files = (try? watched()) ?? []
            let before = FileSnapshot(files)
            do {
                try body()
            } catch is ExitCode {
                // The run printed its report or its error; its status matters only without --watch.
            } catch {
                try StandardStream.error.write("error: \(error)\n")
            }
            try StandardStream.error.write("watching \(files.count == 1 ? "1 path" : "\(files.count) paths") for changes; Ctrl-C to stop\n")
            var changed: [String] = []
            while changed.isEmpty {
                usleep(Self.interval)
                changed = FileSnapshot(files).changes(since: before)
            }
            let named = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            try StandardStream.error.write("changed: \(named); running again\n")
        }
    }

    /// The paths `validate` and `test` watch: the paths given, or `rulecheck.yaml` and the paths
    /// of its rule sets (the one of `--ruleset`).
    static func rulePaths(_ paths: [String], ruleSet: String?) throws -> [String] {
        guard paths.isEmpty else { return paths }
        guard let file = WorkspaceLoader.find() else { return [] }
        guard let workspace = WorkspaceLoader.load(path: file).workspace else { return [file] }
        let entries = workspace.ruleSets.filter { ruleSet == nil || $0.name == ruleSet }
        return [file] + entries.flatMap(\.paths)
    }

    /// Ctrl-C (SIGINT) ends the watch with exit status 0. The signal is unblocked first: a parent
    /// may have blocked it, and the child inherits that.
    private static func stopOnInterrupt() {
        signal(SIGINT) { _ in _exit(0) }
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }
}
