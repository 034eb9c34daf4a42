#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemIO

/// Replaces a file's contents so that a reader sees the old file or the new one, never a part,
/// and nothing of the old file is lost (docs/evaluation.md, "--write-state"):
///
/// - only a regular file is replaced (a device, FIFO or folder is refused, never turned into a file);
/// - a symbolic link is followed on purpose: the file it points to is replaced and the link stays;
/// - the new file gets the mode (0600 stays 0600) and the owner of the file it replaces;
/// - it is written to a temporary file in the same folder, flushed (`fsync`), renamed over the
///   target, and the folder is flushed too; on any failure (a full disk) the temporary file is
///   removed and the original is untouched.
struct AtomicFileReplacement {
    let path: String

    func replace(with bytes: [UInt8]) throws(StateWriteError) {
        let target = try resolvedTarget()
        let existing = try existingFile(at: target)
        let folder = Self.folder(of: target)
        let temporary = folder + "/." + Self.name(of: target) + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let mode = existing.map { $0.st_mode & 0o7777 } ?? 0o666
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode_t(mode))
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(folder): \(Self.reason())") }
        var closed = false
        do throws(StateWriteError) {
            try writeAll(bytes, to: descriptor)
            if let existing { try keepOwnerAndMode(of: existing, on: descriptor) }
            guard fsync(descriptor) == 0 else { throw failure("cannot flush the new file to disk: \(Self.reason())") }
            closed = true
            guard close(descriptor) == 0 else { throw failure("cannot close the new file: \(Self.reason())") }
            guard rename(temporary, target) == 0 else { throw failure("cannot replace the file: \(Self.reason())") }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        Self.flushFolder(folder)
    }

    private func failure(_ message: String) -> StateWriteError {
        StateWriteError(path: path, message: message + "; the state was not written")
    }

    /// The path to replace: `path` itself, or the file a symbolic link at `path` points to.
    private func resolvedTarget() throws(StateWriteError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let real = realpath(path, nil) else {
            throw failure("it is a symbolic link to a file that does not exist (\(Self.reason()))")
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// The status of the file to replace, nil when there is none; refuses anything but a regular file.
    private func existingFile(at target: String) throws(StateWriteError) -> stat? {
        var info = stat()
        guard stat(target, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("cannot inspect the file: \(Self.reason())")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return info
        case S_IFDIR: throw failure("it is a folder")
        default: throw failure("it is not a regular file (a device, FIFO or socket) and is never replaced")
        }
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(StateWriteError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("cannot write the new file: \(count < 0 ? Self.reason() : "nothing written")") }
            written += count
        }
    }

    /// The owner first: changing it may clear set-id bits, which the mode then restores.
    private func keepOwnerAndMode(of existing: stat, on descriptor: Int32) throws(StateWriteError) {
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
            guard fchown(descriptor, existing.st_uid, existing.st_gid) == 0 else {
                throw failure("cannot give the new file the owner of the old one (uid \(existing.st_uid), gid \(existing.st_gid)): \(Self.reason())")
            }
        }
        guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
            throw failure("cannot give the new file the mode of the old one: \(Self.reason())")
        }
    }

    /// Makes the rename itself durable. A folder that cannot be opened or flushed (some file
    /// systems refuse) leaves the rename done, as without the flush.
    private static func flushFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
