import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// One run of the built `rulecheck` binary with output discarded, for its exit status and its own
/// peak resident memory: the kernel's high-water mark of the child's memory (`VmHWM` in
/// `/proc/PID/status`), read every few milliseconds until it exits. Not `ru_maxrss`: a child
/// spawned with vfork starts from the test process's own peak, which is not the child's.
struct PeakMemoryRun {
    let status: Int32
    let peakBytes: Int

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/status") }

    static func run(_ arguments: [String]) throws -> PeakMemoryRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RulecheckRun.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: RulecheckRun.packageRoot)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var peak = 0
        // The child is not reaped before `waitUntilExit`, so its status file lasts while it runs.
        while process.isRunning {
            peak = max(peak, highWaterMark(of: process.processIdentifier) ?? 0)
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        return PeakMemoryRun(status: process.terminationStatus, peakBytes: peak)
    }

    /// `VmHWM` of a running process, in bytes.
    private static func highWaterMark(of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
