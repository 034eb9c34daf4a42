import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of the built `rulecheck` binary: exit status and captured output.
struct RulecheckRun: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The package root, from this file's place in it (`Tests/RulecheckCLITests/`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The debug binary that `swift build` (and `make test`) puts in `.build/debug`.
    static let binary = (packageRoot as NSString).appendingPathComponent(".build/debug/rulecheck")

    /// The case folders beside this file.
    static let casesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cases").path

    static var binaryMissingMessage: String {
        "no rulecheck binary at \(binary): run `swift build` first (the Makefile builds before testing)"
    }

    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// Runs `rulecheck arguments…` in `directory` (the package root by default). Output goes to
    /// temporary files, not pipes, so a large output cannot block the child. After `timeout`
    /// seconds the child is terminated and `nil` returned.
    static func run(_ arguments: [String], in directory: String? = nil) throws -> RulecheckRun {
        guard let run = try run(arguments, in: directory, timeout: 300) else {
            return RulecheckRun(status: -1, stdout: "", stderr: "timed out after 300 s")
        }
        return run
    }

    static func run(_ arguments: [String], in directory: String?, timeout: Double) throws -> RulecheckRun? {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rulecheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? packageRoot)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            // SIGKILL: the child inherits the test runner's blocked signals, SIGTERM included.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        try out.close()
        try err.close()
        let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        return RulecheckRun(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// Runs a `/bin/sh` command line in the package root with `$RULECHECK` naming the binary, for
    /// runs that need the shell's redirections (`> /dev/full`, `>&-`).
    static func shell(_ command: String, timeout: Double = 120) throws -> RulecheckRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "RULECHECK=\"$0\" && " + command, binary]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-sh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return RulecheckRun(status: -1, stdout: "", stderr: "timed out after \(Int(timeout)) s")
        }
        try out.close()
        try err.close()
        return RulecheckRun(status: process.terminationStatus,
                            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
                            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
    }

    /// A case folder's path.
    static func casePath(_ name: String, _ parts: String...) -> String {
        parts.reduce((casesFolder as NSString).appendingPathComponent(name)) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// Case folder names whose `expect.json` is of `kind`, sorted.
    static func caseNames(_ kind: CaseKind) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: casesFolder)) ?? []
        return names.sorted().filter { name in
            guard let expect = JSONTree.load(casePath(name, "expect.json")) else { return false }
            return CaseKind(expect) == kind
        }
    }
}

/// What a case folder checks, told by its `expect.json`: diagnostics of `validate`, the error of a
/// bad state file, or (default) the decision of `eval`.
enum CaseKind: Sendable {
    case evaluation, badRules, badState

    init(_ expect: JSONTree) {
        if expect["diagnostics"] != nil {
            self = .badRules
        } else if expect["stderr_keywords"] != nil {
            self = .badState
        } else {
            self = .evaluation
        }
    }
}
