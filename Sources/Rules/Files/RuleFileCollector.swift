#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// The rule files under the paths of the command line: every `*.yaml` / `*.yml`, recursively,
/// in sorted path order (docs/rules.md, "Rule files"). Nothing here opens a file, so a FIFO
/// never blocks; every path that cannot be used gets a diagnostic naming it and the reason.
///
/// Choices: symbolic links are followed (a folder is walked once, a link back to a folder being
/// walked is a loop and reported); a file reached twice (`rules/tm` and `rules/tm/.`, or through
/// a link) is one file, kept under its first path in sorted order; names starting with `.` are
/// skipped; a name that is not UTF-8 is reported with its bytes escaped.
struct RuleFileCollector {
    private(set) var files: [String] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Each file's resolved path, so that one file given twice is read once.
    private var resolvedFiles: [String: String] = [:]
    /// (device, inode) of the folders on the current walk, for loop protection.
    /// The folders being walked, by `FileEntry.Identity.key`.
    private var walking: Set<String> = []

    static func collect(paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        var collector = RuleFileCollector()
        for path in paths { collector.add(argument: path) }
        return (collector.deduplicated(), collector.diagnostics)
    }

    static func isRuleFile(_ path: String) -> Bool {
        path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }

    // MARK: - Paths

    private mutating func add(argument: String) {
        let path = Self.normalised(argument)
        guard let entry = FileEntry(path: path) else {
            diagnostics.append(.error(RuleCode.pathNotFound, "path '\(argument)' does not exist", at: .file(argument),
                                      fix: "check the path given on the command line"))
            return
        }
        if let problem = entry.problem(path: path, given: true) {
            diagnostics.append(problem)
            return
        }
        guard entry.isDirectory else {
            files.append(path)
            return
        }
        let before = files.count, problemsBefore = diagnostics.count
        walk(folder: path, identity: entry.identity)
        if files.count == before && diagnostics.count == problemsBefore {
            diagnostics.append(.error(RuleCode.noRuleFiles, "no rule files (*.yaml, *.yml) found in '\(argument)'",
                                      at: .file(argument)))
        }
    }

    /// Walks one folder, depth first, entries in byte order of their names.
    private mutating func walk(folder: String, identity: FileEntry.Identity) {
        guard walking.insert(identity.key).inserted else {
            diagnostics.append(.error(RuleCode.linkLoop,
                                      "'\(folder)' leads back to a folder that contains it (a symbolic link loop); it was not read again",
                                      at: .file(folder), fix: "remove the link, or point it outside the rules folder"))
            return
        }
        defer { walking.remove(identity.key) }
        let listed = FolderListing.names(in: folder)
        if let reason = listed.failure {
            diagnostics.append(.error(RuleCode.unreadableFolder, "cannot read the folder '\(folder)': \(reason)",
                                      at: .file(folder), fix: "check the folder's permissions"))
            return
        }
        for name in listed.names where name.first != UInt8(ascii: ".") {
            guard let text = String(validating: name, as: UTF8.self) else {
                let shown = folder + "/" + FolderListing.escaped(name)
                diagnostics.append(.error(RuleCode.nonUTF8Name,
                                          "the file name '\(shown)' is not valid UTF-8; it was not read",
                                          at: .file(shown), fix: "rename the file using UTF-8 (or ASCII) characters"))
                continue
            }
            visit(folder == "/" ? "/" + text : folder + "/" + text)
        }
    }

    private mutating func visit(_ path: String) {
        guard let entry = FileEntry(path: path) else { return }
        if entry.isDanglingLink || entry.isDirectory || Self.isRuleFile(path) {
            if let problem = entry.problem(path: path, given: false) {
                diagnostics.append(problem)
                return
            }
        }
        if entry.isDirectory {
            walk(folder: path, identity: entry.identity)
        } else if Self.isRuleFile(path) {
            files.append(path)
        }
    }

    /// Sorted, each file once: the first path in sorted order stands for every path that
    /// resolves to the same file.
    private mutating func deduplicated() -> [String] {
        var seen = Set<String>()
        return files.sorted().filter { path in
            seen.insert(Self.resolved(path)).inserted
        }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `rules/tm/./` → `rules/tm`: `.` components and repeated or trailing slashes dropped, so the
    /// same folder is written the same way in every diagnostic. `..` is kept (a link may make it
    /// mean something else than the folder above).
    static func normalised(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        // Appended one by one, each part made a `String` first: `joined` and appending a
        // `Substring` run generic code whose first use has the runtime look up a conformance by
        // scanning every conformance record of the binary.
        var joined = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if !joined.isEmpty { joined += "/" }
            joined += String(part)
        }
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
