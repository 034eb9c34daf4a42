import Diagnostics

/// The tracking plan (docs/rules.md, "events"): the app's event types and their attributes,
/// declared once so that conditions and state files can be checked against them.
/// The reserved event types are part of every plan (`EventPlan.reserved`) and cannot be declared
/// again; a rule set without `events` has no plan (`RuleSet.eventPlan == nil`).
package struct EventPlan: Sendable, Hashable {
    /// The type of one attribute as the plan declares it.
    package enum AttributeKind: String, Sendable, Hashable, CaseIterable {
        case int, double, number, string, bool, timestamp, list, map
    }

    /// One attribute of an event type.
    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var kind: AttributeKind
        /// Written with a trailing `?`: the attribute may be absent or null.
        package var optional: Bool
        /// Where the attribute is declared; `nil` for the reserved types' attributes.
        package var span: SourceSpan?

        package init(name: String, kind: AttributeKind, optional: Bool, span: SourceSpan? = nil) {
            self.name = name
            self.kind = kind
            self.optional = optional
            self.span = span
        }

        /// An attribute whose type is written as in a plan (`int`, `string?`); `nil` for any
        /// other word.
        package init?(name: String, written: String, span: SourceSpan? = nil) {
            let optional = written.hasSuffix("?")
            guard let kind = AttributeKind(rawValue: optional ? String(written.dropLast()) : written) else { return nil }
            self.init(name: name, kind: kind, optional: optional, span: span)
        }

        /// The type as a plan writes it: `int`, `string?`.
        package var written: String { kind.rawValue + (optional ? "?" : "") }
    }

    /// One event type of the plan.
    package struct EventType: Sendable, Hashable {
        package var name: String
        package var title: LocalizedText?
        /// In written order.
        package var attributes: [Attribute]
        /// Reserved types (section "state files") are part of every plan and written nowhere.
        package var reserved: Bool
        /// Where the type's key is written; `nil` for reserved types.
        package var span: SourceSpan?

        package init(name: String, title: LocalizedText? = nil, attributes: [Attribute], reserved: Bool = false,
                     span: SourceSpan? = nil) {
            self.name = name
            self.title = title
            self.attributes = attributes
            self.reserved = reserved
            self.span = span
        }

        package func attribute(named name: String) -> Attribute? { attributes.first { $0.name == name } }
    }

    /// The declared types in written order, followed by the reserved types.
    package var types: [EventType]
    /// Where the `events` key is written.
    package var span: SourceSpan?

    package init(types: [EventType], span: SourceSpan? = nil) {
        self.types = types
        self.span = span
    }

    /// A plan of the types a rule file declares, in written order, followed by the reserved types
    /// it does not list. A listed reserved type keeps its reserved attributes first, then the
    /// app's own.
    package init(declaring declared: [EventType], span: SourceSpan? = nil) {
        var types: [EventType] = []
        types.reserveCapacity(declared.count + Self.reserved.count)
        for type in declared {
            guard let reserved = Self.reserved.first(where: { $0.name == type.name }) else {
                types.append(type)
                continue
            }
            var merged = type
            merged.reserved = true
            merged.attributes = reserved.attributes + type.attributes.filter { reserved.attribute(named: $0.name) == nil }
            types.append(merged)
        }
        for reserved in Self.reserved where !declared.contains(where: { $0.name == reserved.name }) {
            types.append(reserved)
        }
        self.init(types: types, span: span)
    }

    package func type(named name: String) -> EventType? { types.first { $0.name == name } }

    /// Every type name of the plan, reserved ones included, in the plan's order.
    package var typeNames: [String] { types.map(\.name) }

    /// The reserved event types (docs/state-file.md, "Reserved event types") with their attributes:
    /// the one list the state file decoder, the checker and the schema read. A plan may list a
    /// reserved type to give it a title and attributes of the app's own, never to declare one of
    /// these attributes again.
    package static let reserved: [EventType] = [
        EventType(name: "task_completed", attributes: [], reserved: true),
        EventType(name: "level_completed", attributes: [
            Attribute(name: "level", kind: .string, optional: false),
            Attribute(name: "difficulty", kind: .string, optional: true),
            Attribute(name: "time", kind: .number, optional: true),
            Attribute(name: "moves", kind: .int, optional: true),
        ], reserved: true),
        EventType(name: "day_planned", attributes: [
            Attribute(name: "date", kind: .string, optional: true),
            Attribute(name: "tasks", kind: .int, optional: false),
        ], reserved: true),
        EventType(name: "kill_time_changed", attributes: [
            Attribute(name: "date", kind: .string, optional: true),
            Attribute(name: "to", kind: .string, optional: false),
        ], reserved: true),
        EventType(name: "freeze_used", attributes: [
            Attribute(name: "date", kind: .string, optional: true),
            Attribute(name: "streak", kind: .string, optional: true),
        ], reserved: true),
    ]

    /// Whether `name` can name an event type: `[a-z][a-z0-9_]*`.
    package static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The names of `reserved`, in that order.
    package static let reservedTypeNames: [String] = reserved.map(\.name)

    /// Names no attribute may have: `type`, `at` and the names rulecheck computes for every event
    /// (docs/facts.md, "event"), all from `FactTypes.EventField`.
    package static let fixedNames: [String] = FactTypes.EventField.allCases.map(\.rawValue)
}
