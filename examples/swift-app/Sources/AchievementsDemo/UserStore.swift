import Foundation
import RulecheckEngine

/// Where the app keeps the user's state file between launches (UserDefaults or a file on a
/// device; a temporary file here).
struct UserStore {
    let path: String

    func load() -> StateFile? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? StateFile.parse(json: [UInt8](data), file: path)
    }

    func save(_ session: EngineSession) throws {
        try Data(session.stateJSON.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
