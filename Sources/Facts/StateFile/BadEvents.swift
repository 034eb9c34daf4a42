import JSON

/// What reading a state does with an event that cannot be read (docs/state-file.md, "Bad
/// events"): `reject` fails the whole file at the event's JSON path; `skip` leaves the event out
/// of the decision, lists it as a `bad_event` warning and keeps it to be written back as it was.
public enum BadEvents: String, Sendable, Hashable, CaseIterable {
    case reject
    case skip
}
