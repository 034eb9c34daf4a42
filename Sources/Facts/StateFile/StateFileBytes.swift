#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemIO

/// Reads a state file's bytes, or says exactly why it cannot (docs/bad-input.md, "state file"):
/// missing, a folder, not readable, not a regular file (a FIFO is never opened for reading
/// without O_NONBLOCK, so it cannot block), or text in UTF-16/UTF-32.
package enum StateFileBytes {
    package static func read(path: String) throws(StateFileError) -> [UInt8] {
        func failure(_ message: String) -> StateFileError {
            StateFileError(file: path, path: .root, message: message)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(openFailure(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot read the file: \(reason(errno))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("cannot read the file: it is a folder, not a state file")
        default: throw failure("cannot read the file: it is not a regular file (a FIFO, socket or device)")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read the file: \(reason(errno))") }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        if let encoding = wideEncoding(bytes) {
            throw failure("the file is \(encoding), not UTF-8; save it as UTF-8")
        }
        return bytes
    }

    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: "cannot read the file: it does not exist"
        case EACCES: "cannot read the file: permission denied"
        case EISDIR: "cannot read the file: it is a folder, not a state file"
        default: "cannot read the file: \(reason(code))"
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// UTF-16 or UTF-32, told by a byte order mark or by zero bytes between ASCII characters.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian, with a byte order mark)" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian, with a byte order mark)" }
        guard bytes.count >= 4 else { return nil }
        if bytes[0] != 0 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0 { return "UTF-16 (little-endian)" }
        if bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 && bytes[3] != 0 { return "UTF-16 (big-endian)" }
        return nil
    }
}
