import CEL
import Foundation
import RuleModel

/// The record shapes of event records, one per list of attribute names: events of one kind share
/// their attribute names, so their records share one shape. The few lists of a history are
/// compared first (the decoder shares each list's storage, so most compare by identity); hashing
/// the names starts past them.
struct EventRecordShapes: Sendable {
    private var recent: [(names: [String], shape: CELRecordShape)] = []
    private var others = CELRecordShapeTable()
    private static let recentLimit = 8
    /// The types the tracking plan gives attributes in these records.
    let plannedForms: PlannedAttributeForms

    init(plan: EventPlan?) {
        plannedForms = PlannedAttributeForms(plan: plan)
    }

    subscript(names: [String]) -> CELRecordShape {
        mutating get {
            // By index: taking each entry out would retain its names and its shape's arrays.
            for index in recent.indices where recent[index].names == names { return recent[index].shape }
            if let shape = others[names] { return shape }
            let shape = Self.made.shape(adding: names)
            if recent.count < Self.recentLimit {
                recent.append((names, shape))
            } else {
                others[names] = shape
            }
            return shape
        }
    }
}

extension EventRecordShapes {
    /// Shapes made so far in this process, by attribute names: a batch reads thousands of
    /// states whose events have the same few forms, and making a shape costs more than
    /// deciding a small state's day. Bounded: past `limit` forms, shapes are made and not kept.
    private final class MadeShapes: @unchecked Sendable {
        // The lock guards `shapes`.
        private let lock = NSLock()
        private var shapes = CELRecordShapeTable()
        private static let limit = 256

        func shape(adding names: [String]) -> CELRecordShape {
            lock.lock()
            let known = shapes[names]
            lock.unlock()
            if let known { return known }
            let shape = FactTypes.eventRecord.shape(adding: names)
            lock.lock()
            if shapes.count < Self.limit { shapes[names] = shape }
            lock.unlock()
            return shape
        }
    }

    private static let made = MadeShapes()
}
