import Foundation

/// One run of a command as a child process, output discarded: wall time, CPU time (user +
/// system) and the child's own peak resident memory.
///
/// The peak is the kernel's high-water mark of the child's memory (`VmHWM` in `/proc/PID/status`,
/// read every few milliseconds while it runs), not `RUSAGE_CHILDREN`'s `ru_maxrss`: that is the
/// largest child so far, and a child spawned with vfork starts from the bench's own peak.
struct ChildRun {
    let wallSeconds: Double
    let cpuSeconds: Double
    let peakKilobytes: Int
    /// The exit status: 0, or 1 when something stays locked or warned.
    let status: Int32

    /// `nil` when the binary is missing or the command fails (exit status above 1: exit 1 only
    /// says that something stays locked or warned).
    init?(binary: String, arguments: [String]) {
        guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = Self.childCPU()
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            try process.run()
        } catch {
            return nil
        }
        var peak = 0
        // Polled, not `waitUntilExit()` alone: on Linux that checks at a coarse interval, which
        // would round a short `validate`'s time up to the next check.
        while process.isRunning {
            peak = max(peak, Self.highWaterMark(of: process.processIdentifier) ?? 0)
            usleep(2_000)
        }
        process.waitUntilExit()
        wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard process.terminationReason == .exit, process.terminationStatus <= 1 else { return nil }
        cpuSeconds = Self.childCPU() - before
        peakKilobytes = peak
        status = process.terminationStatus
    }

    private static func childCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// `VmHWM` of a running process, in kilobytes. Read with plain system calls into a buffer on
    /// the stack: the bench polls every 2 ms while the child runs, and on a two-core machine the
    /// bench's own work comes out of the child's (a Foundation string per poll would weigh on it).
    private static func highWaterMark(of pid: Int32) -> Int? {
        let descriptor = open("/proc/\(pid)/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var count = 0
            while count < buffer.count {
                let got = read(descriptor, base + count, buffer.count - count)
                guard got > 0 else { break }
                count += got
            }
            return kilobytes(named: Array("VmHWM:".utf8), in: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The number on the line of `/proc/PID/status` that starts with `name` ("VmHWM:   1234 kB").
    private static func kilobytes(named name: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let line = text.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: name) }) else { return nil }
        let digits = line.dropFirst(name.count).filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
