import Evaluation

/// The JSON decision of SPEC 6, deterministic to the byte: keys in the order of the contract,
/// two-space indentation, ints as ints, doubles in their shortest round-trip form, times in
/// RFC 3339 with their offsets, UTF-8 text unescaped except where JSON requires it.
public struct DecisionJSONRenderer: Sendable {
    public init() {}

    public func render(_ decision: Decision) -> String {
        var out = DecisionJSONText()
        out.object { o in
            o.field("schema") { $0.number(decision.schema) }
            o.field("user") { $0.string(decision.user) }
            o.field("now") { $0.string(decision.now.rfc3339) }
            o.field("unlocks") { w in
                w.array(decision.unlocks) { w, unlock in
                    w.object { o in
                        o.field("id") { $0.string(unlock.id) }
                        o.field("at") { $0.string(unlock.at.rfc3339) }
                        o.field("points") { $0.number(unlock.points) }
                        if let version = unlock.catalogVersion { o.field("catalog_version") { $0.number(version) } }
                    }
                }
            }
            o.field("achievements") { w in
                w.object { o in
                    for standing in decision.achievements {
                        o.field(standing.id) { w in Self.write(standing, into: &w) }
                    }
                }
            }
            o.field("streaks") { w in
                w.object { o in
                    for streak in decision.streaks {
                        o.field(streak.id) { w in
                            w.object { o in
                                o.field("current") { $0.number(streak.current) }
                                o.field("longest") { $0.number(streak.longest) }
                                o.field("total_days") { $0.number(streak.totalDays) }
                                o.field("status") { $0.string(streak.status) }
                                o.field("freezes_available") { $0.number(streak.freezesAvailable) }
                                o.field("last_day") { w in
                                    if let day = streak.lastDay { w.string(day) } else { w.null() }
                                }
                            }
                        }
                    }
                }
            }
            o.field("points") { $0.number(decision.points) }
            o.field("rank") { w in
                guard let rank = decision.rank else { return w.null() }
                w.object { o in
                    o.field("id") { $0.string(rank.id) }
                    o.field("title") { $0.string(rank.title) }
                    o.field("next") { w in
                        guard let next = rank.next else { return w.null() }
                        w.object { o in
                            o.field("id") { $0.string(next.id) }
                            o.field("min_points") { $0.number(next.minPoints) }
                        }
                    }
                }
            }
            o.field("warnings") { w in
                w.array(decision.warnings) { w, warning in
                    w.object { o in
                        o.field("code") { $0.string(warning.code) }
                        o.field("message") { $0.string(warning.message) }
                        if let event = warning.event { o.field("event") { $0.number(event) } }
                    }
                }
            }
        }
        return out.text + "\n"
    }

    private static func write(_ standing: AwardStanding, into w: inout DecisionJSONText) {
        w.object { o in
            o.field("state") { $0.string(standing.state.rawValue) }
            if standing.hidden { o.field("hidden") { $0.bool(true) } }
            if let at = standing.unlockedAt { o.field("unlocked_at") { $0.string(at.rfc3339) } }
            o.field("progress") { w in
                w.object { o in
                    o.field("current") { $0.number(standing.progress.current) }
                    o.field("target") { $0.number(standing.progress.target) }
                }
            }
            if let version = standing.catalogVersion { o.field("catalog_version") { $0.number(version) } }
            if let added = standing.newLevels { o.field("new_levels") { $0.number(added) } }
        }
    }
}

/// A small streaming JSON writer for the decision: nested objects and arrays with indentation.
struct DecisionJSONText {
    private(set) var text = ""
    private var depth = 0

    /// The fields of one object being written.
    struct ObjectFields {
        fileprivate var writer: DecisionJSONText
        fileprivate var count = 0

        mutating func field(_ key: String, _ value: (inout DecisionJSONText) -> Void) {
            writer.text += count == 0 ? "\n" : ",\n"
            writer.indent()
            writer.string(key)
            writer.text += ": "
            value(&writer)
            count += 1
        }
    }

    mutating func object(_ body: (inout ObjectFields) -> Void) {
        text += "{"
        self.depth += 1
        var fields = ObjectFields(writer: self)
        // Hand the text over so the fields append to a unique buffer instead of copying it.
        text = ""
        body(&fields)
        self = fields.writer
        self.depth -= 1
        if fields.count > 0 {
            text += "\n"
            indent()
        }
        text += "}"
    }

    mutating func array<Element>(_ elements: [Element], _ body: (inout DecisionJSONText, Element) -> Void) {
        guard !elements.isEmpty else {
            text += "[]"
            return
        }
        text += "["
        depth += 1
        for (position, element) in elements.enumerated() {
            text += position == 0 ? "\n" : ",\n"
            indent()
            body(&self, element)
        }
        depth -= 1
        text += "\n"
        indent()
        text += "]"
    }

    mutating func null() { text += "null" }
    mutating func bool(_ value: Bool) { text += value ? "true" : "false" }
    mutating func number(_ value: Int) { text += String(value) }

    mutating func number(_ value: ProgressNumber) {
        switch value {
        case .int(let v): text += String(v)
        // JSON has no NaN or infinity.
        case .double(let v): text += v.isFinite ? "\(v)" : "null"
        }
    }

    mutating func string(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    fileprivate mutating func indent() {
        text += String(repeating: "  ", count: depth)
    }
}
