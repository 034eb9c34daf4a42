import Diagnostics
import Foundation
import Rules
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Collecting the rule files never blocks, never reads a file twice and never drops a path
/// silently (docs/bad-input.md, "rule paths"). Each case is named after its input.
@Suite struct RuleFileCollectionTests {
    enum Layout: String, CaseIterable, Sendable {
        case fifoInsideTheRulesFolder = "a FIFO named pipe.yaml inside the rules folder"
        case fifoAsTheRulesPath = "a FIFO given as the rules path"
        case danglingLink = "a dangling link beside a good file"
        case symlinkedSubfolder = "a symlinked subfolder"
        case linkLoop = "a link back to the rules folder"
        case nonUTF8Name = "a file whose name is not UTF-8"
        case sameFolderTwice = "the same folder as rules/tm and rules/tm/."
        case linkToAFileInTheSet = "a link to a file already in the set"
    }

    /// What the layout must give: codes of the diagnostics (sorted), file count, a message part.
    struct Expected {
        var codes: [String]
        var files: Int
        var message: String?
    }

    static let good = "schema: 1\nachievements:\n  - { id: a, title: A, when: \"true\" }\n"

    /// Builds the layout under `root` and returns the paths to give and what to expect.
    static func build(_ layout: Layout, at root: URL) throws -> (paths: [String], expected: Expected) {
        let rules = root.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try good.write(to: rules.appendingPathComponent("good.yaml"), atomically: true, encoding: .utf8)
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        switch layout {
        case .fifoInsideTheRulesFolder:
            try #require(mkfifo(rules.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
            return ([rules.path], Expected(codes: [RuleCode.notRegularFile], files: 1, message: "is a FIFO (named pipe), not a regular file"))
        case .fifoAsTheRulesPath:
            let pipe = root.appendingPathComponent("lone.yaml").path
            try #require(mkfifo(pipe, 0o644) == 0)
            return ([pipe], Expected(codes: [RuleCode.notRegularFile], files: 0, message: "lone.yaml' is a FIFO"))
        case .danglingLink:
            try FileManager.default.createSymbolicLink(atPath: rules.appendingPathComponent("gone.yaml").path,
                                                       withDestinationPath: "nowhere.yaml")
            return ([rules.path], Expected(codes: [RuleCode.danglingLink], files: 1, message: "is a symbolic link to 'nowhere.yaml', which does not exist"))
        case .symlinkedSubfolder:
            try "schema: 1\nachievements:\n  - { id: b, title: B, when: \"true\" }\n"
                .write(to: elsewhere.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: rules.appendingPathComponent("more").path, withDestinationPath: elsewhere.path)
            return ([rules.path], Expected(codes: [], files: 2))
        case .linkLoop:
            let sub = rules.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: sub.appendingPathComponent("up").path, withDestinationPath: "..")
            return ([rules.path], Expected(codes: [RuleCode.linkLoop], files: 1, message: "symbolic link loop"))
        case .nonUTF8Name:
            let name = Array((rules.path + "/caf").utf8) + [0xE9] + Array(".yaml".utf8) + [0]
            let fd = open(name.map { CChar(bitPattern: $0) }, O_CREAT | O_WRONLY, 0o644)
            try #require(fd >= 0)
            close(fd)
            return ([rules.path], Expected(codes: [RuleCode.nonUTF8Name], files: 1, message: "caf\\xE9.yaml' is not valid UTF-8"))
        case .sameFolderTwice:
            return ([rules.path, rules.path + "/.", rules.path + "/./"], Expected(codes: [], files: 1))
        case .linkToAFileInTheSet:
            try FileManager.default.createSymbolicLink(atPath: rules.appendingPathComponent("z.yaml").path, withDestinationPath: "good.yaml")
            return ([rules.path], Expected(codes: [], files: 1))
        }
    }

    @Test(arguments: Layout.allCases)
    func collectionReportsEveryPath(_ layout: Layout) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-collect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let (paths, expected) = try Self.build(layout, at: root)
        let result = RuleSetLoader.load(paths: paths, baseline: nil)
        #expect(result.diagnostics.map(\.code).sorted() == expected.codes, "\(result.diagnostics.map(\.message))")
        #expect(result.files.count == expected.files, "\(result.files)")
        if let message = expected.message {
            #expect(result.diagnostics.contains { $0.message.contains(message) }, "\(result.diagnostics.map(\.message))")
        }
        #expect(!result.diagnostics.contains { $0.code == RuleCode.noRuleFiles || $0.code == RuleCode.duplicateID })
    }

    /// An unreadable subfolder beside a good file: the folder is named with the reason. (Root
    /// reads every folder, so the case needs an ordinary user.)
    @Test(.enabled(if: geteuid() != 0, "root can read a folder with mode 000"))
    func unreadableSubfolderBesideAGoodFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-collect-\(UUID().uuidString)")
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Self.good.write(to: root.appendingPathComponent("good.yaml"), atomically: true, encoding: .utf8)
        chmod(locked.path, 0)
        defer {
            chmod(locked.path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        let result = RuleSetLoader.load(paths: [root.path], baseline: nil)
        #expect(result.diagnostics.map(\.code) == [RuleCode.unreadableFolder])
        #expect(result.diagnostics.first?.message.contains("Permission denied") == true)
    }
}
