/// The event types that folds' predicates are guarded by (`EventFold.typeGuard`), numbered: an
/// event's type is kept as the number of the guard it equals, one byte an event.
struct EventTypeCodes {
    /// An event whose type is none of the guards.
    static let other: Int8 = -1
    /// An event without a string `type`: no guard tells anything about it.
    static let unknown: Int8 = -2

    private let types: [String]

    init(folds: [EventFold]) {
        var types: [String] = []
        for fold in folds {
            if let type = fold.typeGuard, !types.contains(type), types.count < Int(Int8.max) { types.append(type) }
        }
        self.types = types
    }

    var isEmpty: Bool { types.isEmpty }

    /// The number of `type`: its guard's, `other` or `unknown`.
    func code(of type: String?) -> Int8 {
        guard let type else { return Self.unknown }
        return types.firstIndex(of: type).map { Int8($0) } ?? Self.other
    }
}
