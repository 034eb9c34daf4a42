/// Which state a sample is: its `user.id`, or its line number when the id is empty.
package enum DiffSample: Sendable, Hashable, CustomStringConvertible {
    case user(String)
    case line(Int)

    package init(userID: String, line: Int) {
        self = userID.isEmpty ? .line(line) : .user(userID)
    }

    package var description: String {
        switch self {
        case .user(let id): id
        case .line(let number): "line \(number)"
        }
    }
}
