import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemIO

/// Standard output and standard error. Every byte the command line prints goes through
/// `write(_:)`, which reports a failed write (a full disk, a closed stream, a closed pipe) and
/// ends the run with exit status 2 instead of trapping (docs/bad-input.md, "output streams").
enum StandardStream: Int32 {
    case output = 1
    case error = 2

    /// Call first thing: a closed pipe becomes the error EPIPE rather than the signal SIGPIPE, and
    /// a standard descriptor that was closed (`>&-`) is taken by /dev/null opened read-only.
    /// Writing to it then fails with EBADF, as a closed stream should, and no file opened later
    /// (a rule file, the temporary state file) can land on descriptor 1 and receive the report.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit (ulimit -f) then makes --write-state fail with EFBIG instead of a signal.
        signal(SIGXFSZ, SIG_IGN)
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor { close(opened) }
        }
    }

    /// Writes all of `text`, or throws exit status 2 after saying on standard error (when it
    /// can) which stream failed and why. A report is written with as few calls as the system
    /// allows, so a stream that fails at once receives nothing.
    func write(_ text: String) throws(ExitCode) {
        try write(bytes: Array(text.utf8))
    }

    /// Writes all of `bytes` (UTF-8 text), as `write(_:)` does.
    func write(bytes: [UInt8]) throws(ExitCode) {
        if let reason = writeAll(bytes) {
            if self == .output { _ = StandardStream.error.writeAll(Array("error: cannot write to \(name): \(reason)\n".utf8)) }
            throw ExitCode(2)
        }
    }

    /// Writes `text` on standard error and returns exit status 2, for a bad state file or bad
    /// usage: the status is 2 whether or not the message could be written.
    static func failure(_ message: String) -> ExitCode {
        _ = StandardStream.error.writeAll(Array((message.hasSuffix("\n") ? message : message + "\n").utf8))
        return ExitCode(2)
    }

    private var name: String { self == .output ? "standard output" : "standard error" }

    /// nil when every byte was written, else the system's reason.
    private func writeAll(_ bytes: [UInt8]) -> String? {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                SystemCall.write(rawValue, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if result == 0 { return "nothing could be written" }
            written += result
        }
        return nil
    }
}
