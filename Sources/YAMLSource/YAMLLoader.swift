#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYAML
import Diagnostics

/// Loads one rule file: exactly one YAML document, parsed with libyaml's event API into a tree
/// of `YAMLNode`s that know where they are written.
package enum YAMLLoader {
    /// Files larger than this are rejected before they are read.
    package static let maxFileSize = 10 * 1024 * 1024

    /// Reads and loads the file at `path`. Diagnostics name `path` as the file.
    package static func load(path: String) -> YAMLLoadResult {
        switch readFile(path) {
        case .bytes(let bytes): return load(bytes: bytes, file: path)
        case .rejected(let diagnostic): return YAMLLoadResult(document: nil, diagnostics: [diagnostic])
        }
    }

    /// Loads YAML text; `file` is the name diagnostics use.
    package static func load(text: String, file: String) -> YAMLLoadResult {
        load(bytes: Array(text.utf8), file: file)
    }

    /// Loads raw bytes, which must be UTF-8; `file` is the name diagnostics use.
    package static func load(bytes: [UInt8], file: String) -> YAMLLoadResult {
        guard bytes.count <= maxFileSize else {
            return YAMLLoadResult(document: nil, diagnostics: [tooLarge(file, size: bytes.count)])
        }
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            let position = SourceLines(bytes: Array(bytes[..<bad])).endPosition
            return YAMLLoadResult(document: nil, diagnostics: [.error(
                YAMLDiagnosticCode.invalidUTF8.code,
                "the file is not valid UTF-8 (byte 0x\(hex(bytes[bad])) at offset \(bad))",
                at: SourceSpan(file: file, start: position, end: position),
                fix: "save the file as UTF-8")])
        }
        let lines = SourceLines(bytes: bytes)
        return DocumentStreamReader(file: file, lines: lines).read()
    }

    /// Reads the file at `path` once and loads it, unless the top-level keys a scan finds without
    /// building a tree (`topLevelKeys`, up to and including the first for which `stop` is true)
    /// make `skip` true: nil then. A file the scan is unsure of is loaded, its errors reported.
    /// The lines at column 0 are read first, up to the first key `stop` is true for: when they
    /// are plain keys, comments or blank, they are the keys and libyaml does not scan the file. A
    /// file skipped that way is one the caller never reads, so a YAML mistake deeper in it is
    /// left to the commands that do read it; a wrong reading could only make a file be loaded.
    package static func load(path: String, skippingWhen skip: ([String]) -> Bool,
                             scanningUntil stop: (String) -> Bool) -> YAMLLoadResult? {
        switch readFile(path) {
        case .bytes(let bytes):
            guard bytes.count <= maxFileSize, UTF8Validation.firstInvalidOffset(bytes) == nil else {
                return load(bytes: bytes, file: path)  // which says what is wrong
            }
            if let keys = skippableKeys(validBytes: bytes, stoppingAt: stop), skip(keys) { return nil }
            return DocumentStreamReader(file: path, lines: SourceLines(bytes: bytes)).read()
        case .rejected(let diagnostic):
            return YAMLLoadResult(document: nil, diagnostics: [diagnostic])
        }
    }

    /// The top-level keys of the file at `path`, in order, found without building its tree: all
    /// of them, or those up to and including the first for which `stop` is true (the rest of the
    /// file is not parsed). Nil when the file cannot be read, is too large, is not UTF-8, or is
    /// not one document whose root is a mapping of scalar keys that parses that far (`load` then
    /// says what is wrong).
    package static func topLevelKeys(path: String, stoppingAt stop: (String) -> Bool = { _ in false }) -> [String]? {
        guard case .bytes(let bytes) = readFile(path) else { return nil }
        return topLevelKeys(bytes: bytes, stoppingAt: stop)
    }

    /// The top-level keys of YAML text, as `topLevelKeys(path:stoppingAt:)` finds them.
    package static func topLevelKeys(text: String, stoppingAt stop: (String) -> Bool = { _ in false }) -> [String]? {
        topLevelKeys(bytes: Array(text.utf8), stoppingAt: stop)
    }

    /// The keys `load(path:skippingWhen:scanningUntil:)` decides on: read from the lines at
    /// column 0 up to the first key the scan stops at when those lines are plain keys (found
    /// without parsing), else from libyaml's scan.
    private static func skippableKeys(validBytes bytes: [UInt8], stoppingAt stop: (String) -> Bool) -> [String]? {
        if let keys = ColumnZeroKeys(bytes: bytes).keys(stoppingAt: stop) { return keys }
        return TopLevelKeyScan(bytes: bytes).keys(stoppingAt: stop)
    }

    private static func topLevelKeys(bytes: [UInt8], stoppingAt stop: (String) -> Bool) -> [String]? {
        guard bytes.count <= maxFileSize, UTF8Validation.firstInvalidOffset(bytes) == nil else { return nil }
        return TopLevelKeyScan(bytes: bytes).keys(stoppingAt: stop)
    }

    // MARK: - Reading

    private enum FileRead {
        case bytes([UInt8])
        case rejected(Diagnostic)
    }

    /// Checks the size before reading anything, so a huge file costs nothing. The file is opened
    /// non-blocking and must be a regular file: opening a FIFO would otherwise wait for a writer.
    private static func readFile(_ path: String) -> FileRead {
        func unreadable(_ reason: String) -> Diagnostic {
            .error(YAMLDiagnosticCode.unreadableFile.code, "cannot read the file: \(reason)",
                   at: .file(path), fix: "check the path and the file's permissions")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .rejected(unreadable(errnoText())) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .rejected(unreadable(errnoText())) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .rejected(unreadable("not a regular file")) }
        let size = Int(info.st_size)
        guard size <= maxFileSize else { return .rejected(tooLarge(path, size: size)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + filled }, size - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .rejected(unreadable(count < 0 ? errnoText() : "the file shrank while it was read")) }
            filled += count
        }
        return .bytes(bytes)
    }

    private static func tooLarge(_ file: String, size: Int) -> Diagnostic {
        let mib = Double(size) / 1_048_576
        let shown = (mib * 10).rounded(.down) / 10
        return .error(YAMLDiagnosticCode.fileTooLarge.code,
                      "the file is \(shown) MiB; rule files are limited to 10 MiB",
                      at: .file(file), fix: "split the rules into several files")
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
