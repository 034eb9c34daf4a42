import Foundation

/// What `--watch` compares: each watched file's modification time and size. Polling these works
/// the same on Linux and macOS and needs no native file-event library; a file added to or removed
/// from a watched folder changes the snapshot too.
struct FileSnapshot: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
    }

    /// Every file found, by path; a watched path that does not exist is present with no stamp.
    private(set) var stamps: [String: Stamp?] = [:]

    /// The files of `paths`: a file as it is, a folder's `*.yaml` / `*.yml` files recursively.
    init(_ paths: [String]) {
        for path in paths {
            guard let stamp = Self.stamp(path) else {
                stamps[path] = .some(nil)
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                stamps[path] = stamp
                continue
            }
            let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                let full = (path as NSString).appendingPathComponent(file)
                stamps[full] = Self.stamp(full)
            }
        }
    }

    /// The paths whose stamp differs between the two snapshots, sorted.
    func changes(since earlier: FileSnapshot) -> [String] {
        Set(stamps.keys).union(earlier.stamps.keys).filter { stamps[$0] != earlier.stamps[$0] }.sorted()
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Stamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int64(info.st_size))
    }
}
