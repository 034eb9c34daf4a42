import Foundation

/// `diff --against REV`: rule paths as they are at a git revision, written into a temporary
/// folder (read with `git ls-tree` and `git cat-file`; the working tree and the index are never
/// touched). Each path keeps its place relative to the repository's root under the folder, so
/// `displayPath(_:)` can name a file by its path in the working tree.
struct GitRevisionFiles {
    /// Why the old version cannot be read: bad usage, exit status 2.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The temporary folder; remove it with `remove()`.
    let folder: String
    /// The old version's path for each path given, or nil when the path did not exist at REV.
    private(set) var oldPaths: [(given: String, old: String?)] = []

    /// Writes `paths` as they are at `revision` of the repository that holds each.
    init(paths: [String], revision: String) throws(Failure) {
        let git = try Self.gitExecutable()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-diff-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "error: --against: cannot make a temporary folder: \(error.localizedDescription)")
        }
        do {
            for path in paths { oldPaths.append((path, try Self.write(path, at: revision, git: git, into: folder))) }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The old paths that existed at the revision.
    var existingOldPaths: [String] { oldPaths.compactMap(\.old) }

    /// A file of the old version named as the working tree names it (other names unchanged).
    func displayPath(_ file: String) -> String {
        for (given, old) in oldPaths {
            guard let old else { continue }
            if file == old { return given }
            if file.hasPrefix(old + "/") { return given + file.dropFirst(old.count) }
        }
        return file
    }

    /// Writes one path's files at `revision` under `folder`; returns the old path, or nil when
    /// nothing was at that path.
    private static func write(_ path: String, at revision: String, git: String, into folder: String) throws(Failure) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: absolute.path, isDirectory: &isFolder)
        // The repository is the one holding the path (or, for a path removed since, its folder).
        let start = exists && isFolder.boolValue ? absolute.path : absolute.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: start) else {
            throw Failure(description: "error: --against: '\(path)' does not exist")
        }
        let top = try run(git, ["-C", start, "rev-parse", "--show-toplevel"], failure: { _ in
            "error: --against: '\(path)' is not inside a git repository (the old version is read with git)"
        })
        let root = URL(fileURLWithPath: String(decoding: top, as: UTF8.self).trimmingCharacters(in: .newlines))
            .resolvingSymlinksInPath().path
        _ = try run(git, ["-C", root, "rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], failure: { _ in
            "error: --against: unknown revision '\(revision)' in the git repository at \(root)"
        })
        guard absolute.path == root || absolute.path.hasPrefix(root + "/") else {
            throw Failure(description: "error: --against: '\(path)' is outside the git repository at \(root)")
        }
        let relative = absolute.path == root ? "" : String(absolute.path.dropFirst(root.count + 1))
        let listing = try run(git, ["-C", root, "ls-tree", "-r", "-z", "--full-tree", revision, "--", relative.isEmpty ? "." : relative],
                              failure: { "error: --against: git cannot list '\(path)' at '\(revision)': \($0)" })
        let files = listing.split(separator: 0).compactMap { entry -> (mode: String, object: String, name: String)? in
            // `MODE TYPE OBJECT\tNAME`
            guard let tab = entry.firstIndex(of: 9) else { return nil }
            let head = String(decoding: entry[entry.startIndex..<tab], as: UTF8.self).split(separator: " ")
            guard head.count == 3, head[1] == "blob" else { return nil }
            return (String(head[0]), String(head[2]), String(decoding: entry[(tab + 1)...], as: UTF8.self))
        }
        guard !files.isEmpty else { return nil }
        for file in files where file.mode != "120000" {
            let contents = try run(git, ["-C", root, "cat-file", "blob", file.object],
                                   failure: { "error: --against: git cannot read '\(file.name)' at '\(revision)': \($0)" })
            let target = (folder as NSString).appendingPathComponent(file.name)
            do {
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(contents).write(to: URL(fileURLWithPath: target))
            } catch {
                throw Failure(description: "error: --against: cannot write a temporary file: \(error.localizedDescription)")
            }
        }
        return relative.isEmpty ? folder : (folder as NSString).appendingPathComponent(relative)
    }

    /// `git` on the PATH.
    private static func gitExecutable() throws(Failure) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent("git")
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "error: --against reads the old version with git, and git is not on the PATH; "
                      + "install git, or give the old version's files with --old PATH... --new PATH...")
    }

    /// Runs git; its standard output, or the failure `failure(git's message)` builds.
    private static func run(_ git: String, _ arguments: [String], failure: (String) -> String) throws(Failure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: failure("cannot run git: \(error.localizedDescription)"))
        }
        // Read both to their ends before waiting, so a full pipe cannot block git.
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1_000) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message = String(decoding: errorData.value, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: failure(message.isEmpty ? "git exited with status \(process.terminationStatus)" : message))
        }
        return Array(data)
    }
}

/// Data handed from a reading thread.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}
