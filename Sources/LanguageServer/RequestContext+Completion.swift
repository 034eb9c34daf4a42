import CEL
import Diagnostics
import JSON
import RuleModel

extension RequestContext {
    /// The protocol's completion item kinds used here.
    enum ItemKind: Int64 {
        case method = 2, function = 3, field = 5, variable = 6, module = 9, property = 10, keyword = 14
        case enumMember = 20, constant = 21, event = 23
    }

    static func item(_ label: String, _ kind: ItemKind, _ detail: String, documentation: String? = nil) -> JSONValue {
        var entries: [(key: String, value: JSONValue)] = [("label", .string(label)), ("kind", .int(kind.rawValue)),
                                                          ("detail", .string(detail))]
        if let documentation { entries.append(("documentation", .string(documentation))) }
        return .object(JSONObject(entries))
    }

    func completion(at position: SourcePosition) -> JSONValue {
        let items: [JSONValue]
        if let (expression, offset) = index.expression(at: position, in: path) {
            items = expressionItems(expression, offset: offset)
        } else {
            items = idItems(at: position)
        }
        return .record(("isIncomplete", .bool(false)), ("items", .array(items)))
    }

    /// Inside CEL: event types in a string compared with `type` or used as a `count` key; a
    /// receiver's fields, keys and methods after a `.`; else the variables, macros and functions.
    func expressionItems(_ expression: RuleFileIndex.Expression, offset: Int) -> [JSONValue] {
        let cursor = ExpressionCursor(source: expression.source, offset: offset)
        if let before = cursor.textBeforeOpenString {
            guard before.range(of: #"(type\s*(==|!=)\s*|type\s+in\s*\[[^\]]*|count\s*\[\s*\??\s*)$"#,
                               options: .regularExpression) != nil else { return [] }
            return eventTypeItems()
        }
        let parsed = cursor.parsedWithPlaceholder()
        let site = parsed.flatMap(ExpressionCursor.placeholderSite)
        let environment = environment(expression.scope)
        if cursor.followsDot {
            guard let parsed, let receiver = site?.receiver else { return [] }
            let type = environment.typesLeniently(parsed)[receiver.id] ?? .dyn
            return memberItems(of: receiver, type: type, environment: environment)
        }
        var items: [JSONValue] = []
        for name in (site?.bound ?? []).sorted() where !name.hasPrefix("@") {
            items.append(Self.item(name, .variable, "macro variable"))
        }
        for (name, type) in environment.variables.sorted(by: { $0.key < $1.key }) {
            items.append(Self.item(name, .variable, Self.typeName(type), documentation: Self.variableMeanings[name]))
        }
        for macro in Self.macros where !macro.onList { items.append(Self.item(macro.name, .keyword, macro.signature)) }
        for (name, overloads) in environment.functions.sorted(by: { $0.key < $1.key }) where Self.isCallable(name) {
            let global = overloads.filter { !$0.isInstance }
            guard let first = global.first else { continue }
            items.append(Self.item(name, .function, Self.signature(name, first),
                                   documentation: global.map { Self.signature(name, $0) }.joined(separator: "\n")))
        }
        return items
    }

    /// What may follow `receiver.`: metric names, the ids of a map of standings, a record's
    /// fields (with the plan's attributes for an event), then the methods and macros of its type.
    func memberItems(of receiver: CELExpr, type: CELType, environment: CELEnvironment) -> [JSONValue] {
        var items: [JSONValue] = []
        if case .ident(let name) = receiver.kind, let kind = RuleFileIndex.Expression.namedBy[name], kind != .metric {
            items += index.ids(of: kind).map { Self.item($0.id, .property, "\($0.kind.rawValue) of the rule set") }
        }
        if case .record(let record) = type {
            if record.name == "rulecheck.Metrics" {
                items += metricTypes.map { Self.item($0.name, .field, Self.typeName($0.type), documentation: "metric") }
            } else {
                items += record.fields.map { Self.item($0.name, .field, Self.typeName($0.type)) }
                if record == FactTypes.event { items += attributeItems(excluding: Set(record.fields.map(\.name))) }
            }
        }
        for (name, overloads) in environment.functions.sorted(by: { $0.key < $1.key }) where Self.isCallable(name) {
            let methods = overloads.filter { $0.isInstance && Self.accepts($0.parameters.first, type) }
            guard let first = methods.first else { continue }
            items.append(Self.item(name, .method, Self.signature(name, first)))
        }
        if case .list = type {
            for macro in Self.macros where macro.onList { items.append(Self.item(macro.name, .keyword, macro.signature)) }
        }
        return items
    }

    /// Whether a method's receiver parameter takes a value of `type` (type parameters and
    /// `dyn` take anything of the same kind).
    static func accepts(_ parameter: CELType?, _ type: CELType) -> Bool {
        guard let parameter else { return false }
        switch (parameter, type) {
        case (.typeParam, _), (_, .dyn), (.dyn, _): return true
        case (.list, .list), (.map, .map): return true
        default: return parameter == type
        }
    }

    /// The plan's attributes: each with the types that declare it.
    func attributeItems(excluding computed: Set<String>) -> [JSONValue] {
        guard let plan = eventPlan else { return [] }
        var order: [String] = []
        var declaredBy: [String: [String]] = [:], kinds: [String: String] = [:]
        for type in plan.types {
            for attribute in type.attributes where !computed.contains(attribute.name) {
                if declaredBy[attribute.name] == nil { order.append(attribute.name) }
                declaredBy[attribute.name, default: []].append(type.name)
                kinds[attribute.name] = attribute.kind.rawValue + (attribute.optional ? "?" : "")
            }
        }
        return order.map { name in
            Self.item(name, .field, kinds[name] ?? "dyn",
                      documentation: "attribute of " + (declaredBy[name] ?? []).joined(separator: ", "))
        }
    }

    /// The event types of the plan, else those the rule set's expressions already name.
    func eventTypeItems() -> [JSONValue] {
        if let plan = eventPlan {
            return plan.types.map { type in
                let attributes = type.attributes.map { "\($0.name): \($0.kind.rawValue)\($0.optional ? "?" : "")" }
                return Self.item(type.name, .event, "event type",
                                 documentation: ([type.title?.defaultText].compactMap { $0 } + attributes).joined(separator: "\n"))
            }
        }
        return index.eventTypesUsed.map { Self.item($0, .event, "event type (named in the rules)") }
    }
}
