#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

/// Runs a `LanguageServer` over two file descriptors (stdin and stdout): reads what is there,
/// handles every complete message, and checks changed rule sets only when no message waits.
package struct StdioConnection {
    private let input: Int32
    private let output: Int32

    package init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Serves until `exit` or the end of the input; the process's exit status.
    package func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var server = LanguageServer()
        var reader = MessageFrameReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var frames: [MessageFrameReader.Frame] = []
            while let frame = reader.next() { frames.append(frame) }
            if !frames.isEmpty {
                guard send(server.receive(frames)) else { return 1 }
                if let status = server.exitStatus { return status }
                continue
            }
            if server.hasPendingChecks, !inputWaiting() {
                guard send(server.checkPending()) else { return 1 }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            // The client went away: exit as after `exit` without `shutdown`, unless it shut down.
            guard count > 0 else { return server.phase == .shutDown ? 0 : 1 }
            reader.append(chunk[0..<count])
        }
    }

    /// Whether bytes can be read without waiting.
    private func inputWaiting() -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Writes each message; false when the output is closed.
    private func send(_ messages: [JSONValue]) -> Bool {
        for message in messages {
            let bytes = MessageFrame.encode(message)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
        }
        return true
    }
}
