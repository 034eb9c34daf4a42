import Diagnostics
import Foundation
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let eventTypeKeys = EventTypeRuleKey.names

    /// Names people write for a type in other schema languages, with the plan's word for each.
    static let attributeKindAliases: [String: EventPlan.AttributeKind] = [
        "integer": .int, "long": .int, "float": .double, "decimal": .number, "str": .string, "text": .string,
        "boolean": .bool, "date": .timestamp, "datetime": .timestamp, "time": .timestamp, "array": .list,
        "object": .map, "dict": .map, "dictionary": .map,
    ]

    /// docs/rules.md, "events": a mapping of event type → `{ title, attributes }`.
    mutating func decodeEventPlan(_ node: YAMLNode, keySpan: SourceSpan) -> EventPlanDraft? {
        if NodeReader.isNull(node) {
            return EventPlanDraft(plan: EventPlan(declaring: [], span: keySpan), span: keySpan)
        }
        guard let map = NodeReader(node, what: "events", diagnostics: &diagnostics) else {
            unread.open([.eventType, .eventAttribute])
            return nil
        }
        var declared: [EventPlan.EventType] = []
        for index in map.pairs.indices {
            let pair = map.pairs[index]
            let name = NodeReader.keyText(pair.key)
            guard RuleSetChecker.isValidID(name) else {
                let suggestion = RuleSetChecker.suggestedID(for: name)
                diagnostics.append(.error(
                    RuleCode.invalidID, "event type '\(name)' must match [a-z][a-z0-9_]*; did you mean '\(suggestion)'?",
                    at: pair.key.span, fix: "rename it '\(suggestion)', and send it under that name"))
                unread.add(name, .eventType)
                continue
            }
            declared.append(decodeEventType(name, pair.value, keySpan: pair.key.span))
        }
        return EventPlanDraft(plan: EventPlan(declaring: declared, span: keySpan), span: keySpan)
    }

    /// One type of the plan. An entry that cannot be read keeps its name, and its attributes
    /// are then not known (none is reported as unknown).
    private mutating func decodeEventType(_ name: String, _ node: YAMLNode, keySpan: SourceSpan) -> EventPlan.EventType {
        var type = EventPlan.EventType(name: name, attributes: [], span: keySpan)
        if NodeReader.isNull(node) { return type }
        let what = "event type '\(name)'"
        guard let map = NodeReader(node, what: what, diagnostics: &diagnostics) else {
            unread.open(.eventAttribute)
            return type
        }
        map.rejectUnknownKeys(allowed: Self.eventTypeKeys, diagnostics: &diagnostics)
        type.title = localizedText(map, EventTypeRuleKey.title)
        guard let attributes = map.value(EventTypeRuleKey.attributes), !NodeReader.isNull(attributes) else { return type }
        guard case .mapping(let pairs) = attributes.kind else {
            diagnostics.append(.error(
                RuleCode.wrongType, "'attributes' in \(what) must be a mapping of names to types, found \(NodeReader.describe(attributes))",
                at: attributes.span, fix: "write for example: attributes: { minutes: int, category: string? }"))
            unread.open(.eventAttribute)
            return type
        }
        let reserved = EventPlan.reserved.first { $0.name == name }
        for index in pairs.indices {
            let key = pairs[index].key, attributeName = NodeReader.keyText(key)
            if !checkAttributeName(attributeName, at: key.span, of: name, reserved: reserved) { continue }
            guard let (kind, optional) = attributeKind(pairs[index].value, attribute: attributeName, in: what) else {
                unread.add(attributeName, .eventAttribute)
                continue
            }
            type.attributes.append(EventPlan.Attribute(name: attributeName, kind: kind, optional: optional, span: key.span))
        }
        return type
    }

    /// An attribute may be neither a name rulecheck gives every event (E451) nor, on a reserved
    /// type, one of that type's own attributes (E452).
    private mutating func checkAttributeName(_ name: String, at span: SourceSpan, of type: String,
                                             reserved: EventPlan.EventType?) -> Bool {
        if EventPlan.fixedNames.contains(name) {
            let names = EventPlan.fixedNames.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(.error(
                RuleCode.fixedEventName,
                "'\(name)' cannot be an attribute of event type '\(type)': rulecheck gives every event \(names)",
                at: span, fix: "remove '\(name)', or have the app send it under another name"))
            return false
        }
        if let reserved, let attribute = reserved.attribute(named: name) {
            let kind = attribute.kind.rawValue + (attribute.optional ? "?" : "")
            diagnostics.append(.error(
                RuleCode.reservedAttributeRedeclared,
                "'\(name)' is already an attribute (\(kind)) of the reserved event type '\(type)'; list only the app's own attributes",
                at: span, fix: "remove '\(name)' from the attributes of '\(type)'"))
            return false
        }
        return true
    }

    /// `int`, `string?`, …: the attribute's kind and whether it is optional; an unknown word is
    /// E450 with the closest kind.
    private mutating func attributeKind(_ node: YAMLNode, attribute: String,
                                        in what: String) -> (EventPlan.AttributeKind, Bool)? {
        let valid = EventPlan.AttributeKind.allCases.map(\.rawValue)
        // Written out only for a diagnostic: most plans have none.
        var list: String { valid.joined(separator: ", ") }
        guard case .scalar(let text, _) = node.kind, case .string? = RuleScalar.value(of: node) else {
            diagnostics.append(.error(
                RuleCode.unknownAttributeType,
                "the type of attribute '\(attribute)' in \(what) must be one of \(list), found \(NodeReader.describe(node))",
                at: node.span, fix: "write one of: \(list), with a trailing '?' for an optional attribute"))
            return nil
        }
        let optional = text.hasSuffix("?")
        let word = optional ? String(text.dropLast()) : text
        if let kind = EventPlan.AttributeKind(rawValue: word) { return (kind, optional) }
        let trimmed = word.trimmingCharacters(in: .whitespaces).lowercased()
        let meant = EventPlan.AttributeKind(rawValue: trimmed)?.rawValue
            ?? Self.attributeKindAliases[trimmed]?.rawValue
            ?? Suggestion.closest(to: trimmed, in: valid)
        let suggestion = meant.map { $0 + (optional ? "?" : "") }
        diagnostics.append(.error(
            RuleCode.unknownAttributeType,
            "unknown type '\(text)' of attribute '\(attribute)' in \(what)\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
            at: node.span,
            fix: suggestion.map { "write '\($0)'" } ?? "write one of: \(list), with a trailing '?' for an optional attribute"))
        return nil
    }
}
