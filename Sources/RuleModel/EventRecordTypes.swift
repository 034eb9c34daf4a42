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
    /// The plan the records were made from; `nil` without one.
    package let plan: EventPlan?

    /// The records of a rule set without a plan: those of `FactTypes`.
    package static let open = EventRecordTypes(plan: nil)

    package init(plan: EventPlan?) {
        self.plan = plan
        guard let plan else {
            event = FactTypes.event
            day = FactTypes.day
            return
        }
        // A plan has a few dozen attributes: arrays compare names more cheaply than hashing them.
        var attributes: [(name: String, kind: EventPlan.AttributeKind?)] = []
        for type in plan.types {
            for attribute in type.attributes where FactTypes.event.fieldType(attribute.name) == nil {
                if let index = attributes.firstIndex(where: { $0.name == attribute.name }) {
                    if attributes[index].kind != attribute.kind { attributes[index].kind = nil }
                } else {
                    attributes.append((attribute.name, attribute.kind))
                }
            }
        }
        let plannedEvent = CELRecordType(name: FactTypes.event.name,
                                         fields: FactTypes.event.fields + attributes.map { ($0.name, Self.celType($0.kind)) },
                                         isOpen: true)
        let dayFields = FactTypes.day.fields.map { field -> (name: String, type: CELType) in
            switch field.name {
            case FactTypes.DayField.events.rawValue, FactTypes.DayField.late.rawValue:
                (field.name, .list(.record(plannedEvent)))
            default: field
            }
        }
        event = plannedEvent
        day = CELRecordType(name: FactTypes.day.name, fields: dayFields, isOpen: FactTypes.day.isOpen)
    }

    /// The plan's types that declare `attribute`, in the plan's order.
    package func typesDeclaring(_ attribute: String) -> [String] {
        plan?.types.filter { $0.attribute(named: attribute) != nil }.map(\.name) ?? []
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
