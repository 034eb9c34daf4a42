/// A value set once, while its owner is initialized, and only read after that: what `Replay`
/// plans from itself once its other fields are final. The one unchecked `Sendable` of the replay;
/// its preconditions hold because the owner sets it before `init` returns and never again, so
/// no reader can run before or during the write.
final class SetOnce<Value: Sendable>: @unchecked Sendable {
    private var stored: Value?

    init() {}

    /// Sets the value; a second call is a programming error.
    func set(_ value: Value) {
        precondition(stored == nil, "SetOnce: set twice")
        stored = value
    }

    /// The value; reading it before it is set is a programming error.
    var value: Value {
        guard let stored else { preconditionFailure("SetOnce: read before it was set") }
        return stored
    }
}
