import CEL
import JSON

extension JSONValue {
    /// The CEL value of state-file data (docs/facts.md): whole numbers become ints (`25`, `25.0`),
    /// other numbers doubles; objects become maps in written order.
    package var celValue: CELValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number):
            if let whole = wholeNumberValue { return .int(whole) }
            return .double(number)
        case .literal(let number): return number.value.celValue
        case .string(let text): return .string(text)
        case .array(let elements): return .list(CELList(elements.map(\.celValue)))
        case .object(let object): return .map(object.celMap)
        }
    }
}

extension JSONObject {
    /// The object as a CEL map with string keys, in written order.
    package var celMap: CELMap {
        CELMap(strings: (0..<count).map { (key: keys[$0], value: values[$0].celValue) })
    }
}
