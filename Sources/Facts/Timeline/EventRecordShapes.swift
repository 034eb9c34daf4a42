import CEL
import RuleModel

/// The record shapes of event records, one per list of attribute names: events of one kind share
/// their attribute names, so their records share one shape. The few lists of a history are
/// compared first (the decoder shares each list's storage, so most compare by identity); hashing
/// the names starts past them.
struct EventRecordShapes: Sendable {
    private var recent: [(names: [String], shape: CELRecordShape)] = []
    private var others: [[String]: CELRecordShape] = [:]
    private static let recentLimit = 8

    subscript(names: [String]) -> CELRecordShape {
        mutating get {
            for entry in recent where entry.names == names { return entry.shape }
            if let shape = others[names] { return shape }
            let shape = FactTypes.eventRecord.shape(adding: names)
            if recent.count < Self.recentLimit {
                recent.append((names, shape))
            } else {
                others[names] = shape
            }
            return shape
        }
    }
}
