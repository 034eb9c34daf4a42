#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// What a path names, found with `lstat`/`stat` and never by opening it (opening a FIFO blocks).
/// A symbolic link is described by what it points to; a link to nothing is `isDanglingLink`.
struct FileEntry {
    /// A file or folder's identity on its device, the same through every path and link.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64

        /// The identity as one string, for sets of identities: a set of `Identity` would have the
        /// runtime look up its `Hashable` conformance by scanning every conformance record.
        var key: String { String(device) + ":" + String(inode) }
    }

    enum Kind: String {
        case regular, directory
        case fifo = "a FIFO (named pipe)"
        case socket = "a socket"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case other = "not a regular file"
    }

    var kind: Kind
    var identity: Identity
    var isLink: Bool
    var isDanglingLink = false
    /// `stat`'s failure on a link's target (ELOOP for a link cycle), when there was one.
    var targetError: Int32 = 0
    var linkTarget: String?

    /// nil when nothing is at `path` (not even a dangling link).
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        isLink = (info.st_mode & S_IFMT) == S_IFLNK
        if isLink {
            linkTarget = Self.readLink(path)
            var target = stat()
            if stat(path, &target) == 0 {
                info = target
            } else {
                isDanglingLink = true
                targetError = errno
            }
        }
        kind = Self.kind(of: info.st_mode)
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    var isDirectory: Bool { !isDanglingLink && kind == .directory }

    /// Why the rule set cannot use this entry, or nil. `given` says the path came from the
    /// command line (any regular file is then read, whatever its name).
    func problem(path: String, given: Bool) -> Diagnostic? {
        if isDanglingLink {
            if targetError == ELOOP {
                return .error(RuleCode.linkLoop, "'\(path)' is a symbolic link that leads back to itself (a loop)",
                              at: .file(path), fix: "point the link at a real file or folder, or remove it")
            }
            return .error(RuleCode.danglingLink,
                          "'\(path)' is a symbolic link to '\(linkTarget ?? "?")', which does not exist",
                          at: .file(path), fix: "point the link at an existing file or folder, or remove it")
        }
        switch kind {
        case .regular, .directory:
            return nil
        default:
            return .error(RuleCode.notRegularFile, "'\(path)' is \(kind.rawValue), not a regular file; it was not read",
                          at: .file(path), fix: "give rule files as regular files (a FIFO or device cannot be read as rules)")
        }
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: .other
        }
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
