import CEL
import RuleModel

/// Event attributes that the tracking plan types more narrowly than JSON can say
/// (docs/rules.md, "events"): a `double` written as a whole number (`25`, which reads as an int)
/// and a `timestamp` written as an RFC 3339 string. Conditions are checked with the plan's types,
/// so an event's record carries its attribute in that type: `e.seconds / 60.0` holds for
/// `"seconds": 1200` and `e.started_at < e.at` compares two timestamps. A value of another form
/// is left as written (the state check reports it as `event_not_in_plan`).
struct PlannedAttributeForms: Sendable {
    enum Form: Sendable { case double, timestamp }

    /// Per event type, its attributes that need a form; empty without a plan or without such
    /// attributes, and then nothing is looked up per event.
    private var byType: [String: [(name: String, form: Form)]] = [:]

    init(plan: EventPlan?) {
        for type in plan?.types ?? [] {
            let forms = type.attributes.compactMap { attribute -> (name: String, form: Form)? in
                switch attribute.kind {
                case .double: (attribute.name, .double)
                case .timestamp: (attribute.name, .timestamp)
                default: nil
                }
            }
            if !forms.isEmpty { byType[type.name] = forms }
        }
    }

    /// The attributes of events of `type` that need a form; nil for most types.
    func forms(of type: String) -> [(name: String, form: Form)]? {
        byType.isEmpty ? nil : byType[type]
    }

    /// `value` in `form` when it is written in a form that converts, else `value` itself.
    static func value(_ value: CELValue, in form: Form) -> CELValue {
        switch (form, value) {
        case (.double, .int(let whole)): return .double(Double(whole))
        case (.double, .uint(let whole)): return .double(Double(whole))
        case (.timestamp, .string(let text)):
            if case .success(let moment) = Moment.parse(text) { return .timestamp(moment.instant) }
            return value
        default: return value
        }
    }
}
