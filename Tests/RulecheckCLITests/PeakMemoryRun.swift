import Foundation
import TestSupport

/// One run of the built `rulecheck` binary with output discarded, for its exit status and its own
/// peak resident memory, exactly: the kernel's high-water mark of the child (`ru_maxrss` from
/// `wait4`), which the kernel keeps however briefly the peak lasted, so no sample can miss it.
///
/// The child is forked by a small `python3` parent, not spawned by this process: a child made
/// with vfork (as `Process` and `posix_spawn` make them) inherits its parent's high-water mark at
/// `exec`, which would be this test process's. A forked child starts from its parent's resident
/// size, a few megabytes of Python, below any `rulecheck` run's own.
struct PeakMemoryRun {
    let status: Int32
    let peakBytes: Int

    /// Forks, runs `argv[1:]` with its standard streams on /dev/null, waits, and prints the exit
    /// status and `ru_maxrss` (kilobytes on Linux).
    static let parent = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.execv(sys.argv[1], sys.argv[1:])
        _, status, usage = os.wait4(pid, 0)
        print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
        """

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: "/proc/self/status") && FileManager.default.isExecutableFile(atPath: python)
    }

    static let python = "/usr/bin/python3"

    static func run(_ arguments: [String]) throws -> PeakMemoryRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", parent, RulecheckRun.binary] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: RulecheckRun.packageRoot)
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 2, let status = Int32(fields[0]),
              let kilobytes = Int(fields[1]) else {
            return PeakMemoryRun(status: -1, peakBytes: 0)
        }
        return PeakMemoryRun(status: status, peakBytes: kilobytes * 1024)
    }
}
