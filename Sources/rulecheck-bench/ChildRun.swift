import Foundation

/// One run of a command as a child process, output discarded: wall time, CPU time (user +
/// system) and the peak resident memory of the largest child so far (`RUSAGE_CHILDREN`).
struct ChildRun {
    let wallSeconds: Double
    let cpuSeconds: Double
    let peakKilobytes: Int

    /// `nil` when the binary is missing or the command fails (exit status above 1: exit 1 only
    /// says that something stays locked or warned).
    init?(binary: String, arguments: [String]) {
        guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = Self.childUsage()
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard process.terminationReason == .exit, process.terminationStatus <= 1 else { return nil }
        let after = Self.childUsage()
        cpuSeconds = after.cpu - before.cpu
        peakKilobytes = after.peakKilobytes
    }

    private static func childUsage() -> (cpu: Double, peakKilobytes: Int) {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), Int(usage.ru_maxrss))
    }
}
