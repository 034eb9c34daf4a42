import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// `--write-state` keeps what it replaces, and a state file that cannot be read says why
/// (docs/bad-input.md, "state file" and "--write-state"). Each case is named after its input.
@Suite struct StateFileSafetyTests {
    static let rules = "rules/taskmate"
    static let showcase = "examples/taskmate/showcase.json"

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func eval(state: String, writeState: String? = nil) throws -> RulecheckRun {
        var arguments = ["eval", rules, "--state", state, "--now", "2026-02-01T09:00:00+08:00"]
        if let writeState { arguments += ["--write-state", writeState] }
        return try RulecheckRun.run(arguments)
    }

    @Test func writeStateOntoA0600StateKeepsMode0600() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("state.json").path
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/" + Self.showcase, toPath: target)
        chmod(target, 0o600)
        let run = try Self.eval(state: target, writeState: target)
        #expect(run.status == 0, "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
    }

    /// The replaced file's owner is kept. Only root may give a file to another user, so the case
    /// runs as root (an ordinary user cannot write another user's state in place anyway).
    @Test(.enabled(if: geteuid() == 0, "only root can create a file owned by another user"))
    func writeStateOntoAnotherUsersStateKeepsItsOwner() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("state.json").path
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/" + Self.showcase, toPath: target)
        try #require(chown(target, 4321, 8765) == 0)
        chmod(target, 0o640)
        let run = try Self.eval(state: target, writeState: target)
        #expect(run.status == 0, "\(run.stderr)")
        var info = stat()
        try #require(stat(target, &info) == 0)
        #expect(info.st_uid == 4321 && info.st_gid == 8765)
        #expect(info.st_mode & 0o7777 == 0o640)
    }

    @Test func writeStateOntoASymlinkUpdatesTheRealFileAndKeepsTheLink() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real.json").path
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/" + Self.showcase, toPath: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        let before = try String(contentsOfFile: real, encoding: .utf8)
        let run = try Self.eval(state: link, writeState: link)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
        let after = try String(contentsOfFile: real, encoding: .utf8)
        #expect(after != before, "the real file was not updated")
        #expect(after.contains("\"unlocked\""))
    }

    @Test func writeStateOntoDevFullIsRefused() throws {
        let run = try Self.eval(state: Self.showcase, writeState: "/dev/full")
        #expect(run.status == 2)
        #expect(run.stderr.contains("/dev/full: it is not a regular file"), "\(run.stderr)")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device is still a device")
    }

    @Test func writeStateOntoAFolderIsRefused() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.eval(state: Self.showcase, writeState: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("it is a folder; the state was not written"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Disk full on write (a file-size limit stands in for it): a clear error, exit 2, the
    /// original untouched and no temporary file left.
    @Test func diskFullOnWriteKeepsTheOriginal() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("state.json").path
        let original = "{\"schema\": 1, \"user\": {\"id\": \"u\"}, \"events\": []}\n"
        try original.write(toFile: target, atomically: false, encoding: .utf8)
        let run = try RulecheckRun.shell("ulimit -f 1; \"$RULECHECK\" eval \(Self.rules) --state \(Self.showcase) --write-state '\(target)'")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write the new file: File too large; the state was not written"), "\(run.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
    }

    /// Unknown keys `{"big": 12345678901234567890, "dec": 0.1000000000000000055511}` and other
    /// numbers that a double would change are written back exactly as read.
    @Test(arguments: ["json", "yaml"])
    func unknownKeysBigAndDecRoundTripByteExact(format: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state.\(format)").path
        let text = format == "json"
            ? "{\"schema\": 1, \"user\": {\"id\": \"u\"}, \"events\": [], \"big\": 12345678901234567890, \"dec\": 0.1000000000000000055511, \"more\": [1E5, -0, 1.50]}"
            : "schema: 1\nuser: {id: u}\nevents: []\nbig: 12345678901234567890.0\ndec: 0.1000000000000000055511\nmore: [1E5, -0, 1.50]\n"
        try text.write(toFile: state, atomically: false, encoding: .utf8)
        let written = folder.appendingPathComponent("out.json").path
        let run = try Self.eval(state: state, writeState: written)
        #expect(run.status == 0, "\(run.stderr)")
        let out = try String(contentsOfFile: written, encoding: .utf8)
        let big = format == "json" ? "\"big\": 12345678901234567890," : "\"big\": 12345678901234567890.0,"
        for expected in [big, "\"dec\": 0.1000000000000000055511,", "1E5,", "-0,", "1.50"] {
            #expect(out.contains(expected), "\(format): \(expected) not in \(out)")
        }
    }

    struct UnreadableState: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var make: @Sendable (URL) throws -> String
        var reason: String
    }

    static let unreadable: [UnreadableState] = [
        UnreadableState(testDescription: "state file missing", make: { $0.appendingPathComponent("absent.json").path },
                        reason: "cannot read the file: it does not exist"),
        UnreadableState(testDescription: "state file is a directory", make: { $0.path },
                        reason: "cannot read the file: it is a folder, not a state file"),
        UnreadableState(testDescription: "state file is a FIFO", make: { folder in
            let path = folder.appendingPathComponent("pipe.json").path
            mkfifo(path, 0o644)
            return path
        }, reason: "it is not a regular file"),
        UnreadableState(testDescription: "UTF-16 state", make: { folder in
            let path = folder.appendingPathComponent("utf16.json").path
            let text = "{\"schema\": 1, \"user\": {\"id\": \"u\"}, \"events\": []}"
            try #require(FileManager.default.createFile(atPath: path, contents: text.data(using: .utf16)))
            return path
        }, reason: "the file is UTF-16"),
    ]

    @Test(arguments: unreadable)
    func stateReadMessageGivesTheReason(_ state: UnreadableState) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.eval(state: try state.make(folder))
        #expect(run.status == 2)
        #expect(run.stderr.contains(state.reason), "\(run.stderr)")
    }

    /// An unreadable state (mode 000) names the reason. Root reads any file, so the case needs an
    /// ordinary user.
    @Test(.enabled(if: geteuid() != 0, "root can read a file with mode 000"))
    func unreadableStateSaysPermissionDenied() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("locked.json").path
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0)
        let run = try Self.eval(state: path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot read the file: permission denied"), "\(run.stderr)")
    }
}
