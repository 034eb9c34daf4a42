import Foundation

/// The test list of `manifest.json`: which tests need protobuf messages.
struct ConformanceManifest {
    var files: [String] = []
    var needsProto: Set<String> = []

    init(_ url: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        for file in (root?["files"] as? [[String: Any]]) ?? [] {
            guard let fileName = file["file"] as? String else { continue }
            let name = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
            files.append(name)
            for section in (file["sections"] as? [[String: Any]]) ?? [] {
                let sectionName = (section["name"] as? String) ?? ""
                for test in (section["tests"] as? [[String: Any]]) ?? [] where (test["needs_proto"] as? Bool) == true {
                    needsProto.insert("\(name)/\(sectionName)/\((test["name"] as? String) ?? "")")
                }
            }
        }
        files.sort()
    }
}
