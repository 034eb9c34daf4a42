import CEL

/// The record types of an event and of a day as conditions see them. Without a tracking plan an
/// event is open: every attribute the state file gives is `dyn`. With a plan (docs/rules.md,
/// "Conditions checked against the plan") the event record lists the computed names and every
/// attribute the plan declares, reserved types' included, each typed by its declaration where
/// every type that declares it agrees and `dyn` where they differ; a day's `events` and `late`
/// hold that record. The record stays open for the checker: a name the plan does not have is
/// reported by the rule layer (E313), which knows the plan and names the closest attribute.
package struct EventRecordTypes: Sendable {
    package let event: CELRecordType
    package let day: CELRecordType
    /// The attributes the plan declares (`nil` without a plan), each with the types declaring it.
    package let declaringTypes: [String: Set<String>]?

    /// The records of a rule set without a plan: those of `FactTypes`.
    package static let open = EventRecordTypes(plan: nil)

    package init(plan: EventPlan?) {
        guard let plan else {
            event = FactTypes.event
            day = FactTypes.day
            declaringTypes = nil
            return
        }
        var kinds: [String: EventPlan.AttributeKind?] = [:]
        var order: [String] = []
        var declaring: [String: Set<String>] = [:]
        for type in plan.types {
            for attribute in type.attributes {
                declaring[attribute.name, default: []].insert(type.name)
                if let known = kinds[attribute.name] {
                    if known != attribute.kind { kinds[attribute.name] = .some(nil) }
                } else {
                    kinds[attribute.name] = attribute.kind
                    order.append(attribute.name)
                }
            }
        }
        let computed = FactTypes.event.fields
        let attributes = order.filter { FactTypes.event.fieldType($0) == nil }
            .map { name in (name: name, type: Self.celType(kinds[name] ?? nil)) }
        let plannedEvent = CELRecordType(name: FactTypes.event.name, fields: computed + attributes, isOpen: true)
        let dayFields = FactTypes.day.fields.map { field -> (name: String, type: CELType) in
            switch field.name {
            case FactTypes.DayField.events.rawValue, FactTypes.DayField.late.rawValue:
                (field.name, .list(.record(plannedEvent)))
            default: field
            }
        }
        event = plannedEvent
        day = CELRecordType(name: FactTypes.day.name, fields: dayFields, isOpen: FactTypes.day.isOpen)
        declaringTypes = declaring
    }

    /// The CEL type of an attribute declared as `kind`; `nil` (types that disagree) is `dyn`.
    /// A `number` may be an int or a double in the same state, so it is `dyn` too.
    package static func celType(_ kind: EventPlan.AttributeKind?) -> CELType {
        switch kind {
        case .int: .int
        case .double: .double
        case .string: .string
        case .bool: .bool
        case .timestamp: .timestamp
        case .list: .list(.dyn)
        case .map: .map(.string, .dyn)
        case .number, nil: .dyn
        }
    }
}
