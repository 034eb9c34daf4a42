import ArgumentParser
import Foundation

/// The states of `diff --states`: a file, opened once per rule set compared, or stdin (`-`),
/// read as it comes for one rule set and copied to a temporary file first for several.
struct StatesInput {
    private let path: String?
    private let spooled: Bool

    init(path: String, readers: Int) throws {
        guard path == "-" else {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw CommandInput.usageFailure("error: --states \(path): cannot read the file")
            }
            self.path = path
            spooled = false
            return
        }
        guard readers > 1 else {
            self.path = nil
            spooled = false
            return
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-diff-states-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: copy, contents: nil), let handle = FileHandle(forWritingAtPath: copy) else {
            throw CommandInput.usageFailure("error: --states -: cannot make a temporary copy of stdin")
        }
        defer { try? handle.close() }
        do {
            while true {
                let block = FileHandle.standardInput.readData(ofLength: 1 << 20)
                if block.isEmpty { break }
                try handle.write(contentsOf: block)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: copy)
            throw CommandInput.usageFailure("error: --states -: cannot copy stdin: \(error.localizedDescription)")
        }
        self.path = copy
        spooled = true
    }

    /// The states from their first line.
    func open() throws -> FileHandle {
        guard let path else { return FileHandle.standardInput }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandInput.usageFailure("error: --states \(path): cannot read the file")
        }
        return handle
    }

    /// Removes the copy of stdin, if one was made.
    func remove() {
        if spooled, let path { try? FileManager.default.removeItem(atPath: path) }
    }
}
