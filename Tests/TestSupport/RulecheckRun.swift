import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of the built `rulecheck` binary: exit status and captured output.
public struct RulecheckRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The package root: runs start there unless told otherwise.
    public static let packageRoot = Repository.root.path

    /// The `rulecheck` built beside the test bundle: the products folder of this build (its scratch
    /// path and configuration, whatever they are), as swift-argument-parser's test helpers find
    /// their executables. `RULECHECK_BIN` names another binary.
    public static let binary: String = {
        if let named = ProcessInfo.processInfo.environment["RULECHECK_BIN"], !named.isEmpty { return named }
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent("rulecheck").path
    }()

    public static var binaryMissingMessage: String {
        "no rulecheck binary at \(binary): run `swift build` first (the Makefile builds before testing)"
    }

    public static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// Runs `rulecheck arguments…` in `directory` (the package root by default). Output goes to
    /// temporary files, not pipes, so a large output cannot block the child. After `timeout`
    /// seconds the child is terminated and `nil` returned.
    public static func run(_ arguments: [String], in directory: String? = nil) throws -> RulecheckRun {
        guard let run = try run(arguments, in: directory, timeout: 300) else {
            return RulecheckRun(status: -1, stdout: "", stderr: "timed out after 300 s")
        }
        return run
    }

    public static func run(_ arguments: [String], in directory: String?, timeout: Double) throws -> RulecheckRun? {
        try spawn(binary, arguments, in: directory ?? packageRoot, timeout: timeout)
    }

    /// Runs a `/bin/sh` command line in the package root with `$RULECHECK` naming the binary, for
    /// runs that need the shell's redirections (`> /dev/full`, `>&-`).
    public static func shell(_ command: String, timeout: Double = 300) throws -> RulecheckRun {
        try spawn("/bin/sh", ["-c", "RULECHECK=\"$0\" && " + command, binary], in: packageRoot, timeout: timeout)
            ?? RulecheckRun(status: -1, stdout: "", stderr: "timed out after \(Int(timeout)) s")
    }

    /// Runs a Python check of the repository (`python3 SCRIPT BINARY`, as `make test` does) in
    /// the package root: the checks that need a real validator from PyPI.
    public static func python(script: String, timeout: Double = 300) throws -> RulecheckRun {
        try spawn("/usr/bin/env", ["python3", script, binary], in: packageRoot, timeout: timeout)
            ?? RulecheckRun(status: -1, stdout: "", stderr: "timed out after \(Int(timeout)) s")
    }

    /// Runs `executable` with output to temporary files, not pipes, so a large output cannot
    /// block the child; `nil` when it was still running after `timeout` seconds (then killed).
    private static func spawn(_ executable: String, _ arguments: [String], in directory: String,
                              timeout: Double) throws -> RulecheckRun? {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rulecheck-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
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
}
