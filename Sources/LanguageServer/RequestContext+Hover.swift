import CEL
import Diagnostics
import JSON
import RuleModel

extension RequestContext {
    func hover(at position: SourcePosition) -> JSONValue {
        var lines: [String] = []
        var span: SourceSpan?
        if let (target, at) = index.target(at: position, in: path) {
            lines = describe(target)
            span = at
        } else if let (expression, offset) = index.expression(at: position, in: path),
                  let (text, range) = describeNode(in: expression, at: offset) {
            lines = text
            span = expression.span(ofOffset: range.start, length: range.end - range.start)
        }
        guard !lines.isEmpty else { return .null }
        let contents = JSONValue.record(("kind", .string("markdown")), ("value", .string(lines.joined(separator: "\n\n"))))
        guard let span else { return .record(("contents", contents)) }
        return .record(("contents", contents), ("range", range(span)))
    }

    /// What a named thing is: its kind, and for a metric its expression and type, for an award
    /// its title, points and criterion, for an event type its title and attributes.
    func describe(_ target: RuleSetIndex.Target) -> [String] {
        var lines = ["**\(target.kind.rawValue)** `\(target.id)`"]
        let ruleSet = state.lastGood
        switch target.kind {
        case .metric:
            if let metric = ruleSet?.metrics.first(where: { $0.id == target.id }) {
                lines.append("`\(metric.expression.source)`")
                lines.append("type: `\(Self.typeName(metric.expression.program.resultType))`")
            }
        case .achievement, .milestone:
            if let award = ruleSet.flatMap({ Self.award(target.id, in: $0) }) { lines += award }
        case .streak:
            if let streak = ruleSet?.streaks.first(where: { $0.id == target.id }) {
                lines.append(streak.title)
                switch streak.qualification {
                case .counts(let expression): lines.append("counts: `\(expression.source)`")
                case .day(let expression): lines.append("day: `\(expression.source)`")
                }
                if !streak.milestones.isEmpty {
                    lines.append("milestones: " + streak.milestones.map { "\($0.info.id) (\($0.days) days)" }.joined(separator: ", "))
                }
            }
        case .eventType:
            if let type = eventPlan?.type(named: target.id) {
                if let title = type.title?.defaultText { lines.append(title) }
                let attributes = type.attributes.map { "`\($0.name)`: \($0.kind.rawValue)\($0.optional ? "?" : "")" }
                lines.append(attributes.isEmpty ? "no attributes of its own" : "attributes: " + attributes.joined(separator: ", "))
            }
        default:
            break
        }
        if let value = exampleValue(of: target) { lines.append("on the example state: \(value)") }
        return lines
    }

    static func award(_ id: String, in ruleSet: RuleSet) -> [String]? {
        if let achievement = ruleSet.achievements.first(where: { $0.info.id == id }) {
            var lines = ["\(achievement.info.title) · \(achievement.info.points) points"]
            switch achievement.criterion {
            case .when(let expression): lines.append("when: `\(expression.source)`")
            case .completeModule(let module): lines.append("complete_module: \(module)")
            }
            if !achievement.requires.isEmpty { lines.append("requires: " + achievement.requires.joined(separator: ", ")) }
            return lines
        }
        for streak in ruleSet.streaks {
            if let milestone = streak.milestones.first(where: { $0.info.id == id }) {
                return ["\(milestone.info.title) · \(milestone.info.points) points",
                        "milestone of streak `\(streak.id)` at \(milestone.days) days"]
            }
        }
        return nil
    }

    /// The variable, field or function under the cursor of an expression: its type and meaning.
    func describeNode(in expression: RuleFileIndex.Expression, at offset: Int) -> ([String], CELSourceRange)? {
        guard let ast = expression.parsed else { return nil }
        let environment = environment(expression.scope)
        var best: CELExpr?
        ast.root.walk { node, _ in
            guard node.range.start <= offset, offset <= node.range.end else { return .skipChildren }
            let width = node.range.end - node.range.start
            switch node.kind {
            case .ident(let name) where name.hasPrefix("@"): break   // a macro's accumulator
            case .ident, .select, .call:
                if best.map({ width <= $0.range.end - $0.range.start }) ?? true { best = node }
            default: break
            }
            return .descend
        }
        guard let node = best else { return nil }
        let type = environment.typesLeniently(ast)[node.id].map(Self.typeName) ?? "dyn"
        switch node.kind {
        case .ident(let name):
            let meaning = Self.variableMeanings[name].map { ": " + $0 } ?? ""
            return (["**variable** `\(name)`\(meaning)", "type: `\(type)`"], node.range)
        case .select(_, let field, _):
            let count = field.unicodeScalars.count
            var lines = ["**field** `\(field)`", "type: `\(type)`"]
            let declaring = eventPlan?.types.filter { $0.attribute(named: field) != nil }.map(\.name) ?? []
            if !declaring.isEmpty { lines.append("attribute of " + declaring.joined(separator: ", ")) }
            return (lines, CELSourceRange(start: node.range.end - count, end: node.range.end))
        case .call(_, let function, _) where Self.isCallable(function):
            let signatures = (environment.functions[function] ?? []).map { "`" + Self.signature(function, $0) + "`" }
            return (["**function** `\(function)`"] + signatures, node.range)
        default:
            return nil
        }
    }
}
