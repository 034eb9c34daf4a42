/// The standard functions of langdef ("Standard Definitions") with cel-go's overload ids, plus
/// the `sum`, `min` and `max` list extensions and the helpers that macro expansions call
/// (`@not_strictly_false`, `cel.@mapInsert`). Implementations are in `CELStandardLibrary`, the
/// `CELValue` operations and `CELTimeAccessor`; receiver-style calls pass the receiver first.
extension CELLibrary {
    static let standard: CELLibrary = {
        var library = CELLibrary()
        declareLogic(in: &library)
        declareArithmetic(in: &library)
        declareOrdering(in: &library)
        declareAggregates(in: &library)
        declareStrings(in: &library)
        declareConversions(in: &library)
        declareTimeAccessors(in: &library)
        return library
    }()

    static func global(_ id: String, _ parameters: [CELType], _ result: CELType, _ typeParameters: [String] = []) -> CELOverload {
        CELOverload(id: id, parameters: parameters, result: result, typeParameters: typeParameters)
    }

    static func member(_ id: String, _ parameters: [CELType], _ result: CELType, _ typeParameters: [String] = []) -> CELOverload {
        CELOverload(id: id, parameters: parameters, result: result, typeParameters: typeParameters, isInstance: true)
    }

    private static let a = CELType.typeParam("A")
    private static let k = CELType.typeParam("K")
    private static let v = CELType.typeParam("V")
    private static let numbers: [(String, CELType)] = [("int64", .int), ("uint64", .uint), ("double", .double)]

    /// Logic and conditionals: `&&`, `||`, `?:` and `@not_strictly_false` are planned by the
    /// planner itself (non-strict), so they have no implementation here.
    private static func declareLogic(in library: inout CELLibrary) {
        library.declare("_?_:_", [global("conditional", [.bool, a, a], a, ["A"])])
        library.declare("_&&_", [global("logical_and", [.bool, .bool], .bool)])
        library.declare("_||_", [global("logical_or", [.bool, .bool], .bool)])
        library.declare("!_", [global("logical_not", [.bool], .bool)], .unary(CELValue.not))
        library.declare("@not_strictly_false", [global("not_strictly_false", [.bool], .bool)])
        // Comparing walks the values: the smaller side.
        let comparison = CELCostModel(binary: { min(CELCostModel.size(of: $0), CELCostModel.size(of: $1)) })
        library.declare("_==_", [global("equals", [a, a], .bool, ["A"])], .binary(CELValue.equality), cost: comparison)
        library.declare("_!=_", [global("not_equals", [a, a], .bool, ["A"])], .binary { a, b in
            if case .bool(let e) = CELValue.equality(a, b) { return .bool(!e) }
            return CELValue.equality(a, b)
        }, cost: comparison)
    }

    private static func declareArithmetic(in library: inout CELLibrary) {
        let listA = CELType.list(a)
        library.declare("_+_", numbers.map { global("add_\($0.0)", [$0.1, $0.1], $0.1) } + [
            global("add_string", [.string, .string], .string),
            global("add_bytes", [.bytes, .bytes], .bytes),
            global("add_list", [listA, listA], listA, ["A"]),
            global("add_timestamp_duration", [.timestamp, .duration], .timestamp),
            global("add_duration_timestamp", [.duration, .timestamp], .timestamp),
            global("add_duration_duration", [.duration, .duration], .duration),
        ], .binary(CELValue.add), cost: CELCostModel(binary: CELCostModel.concatenationCost))
        library.declare("_-_", numbers.map { global("subtract_\($0.0)", [$0.1, $0.1], $0.1) } + [
            global("subtract_timestamp_timestamp", [.timestamp, .timestamp], .duration),
            global("subtract_timestamp_duration", [.timestamp, .duration], .timestamp),
            global("subtract_duration_duration", [.duration, .duration], .duration),
        ], .binary(CELValue.subtract))
        library.declare("_*_", numbers.map { global("multiply_\($0.0)", [$0.1, $0.1], $0.1) }, .binary(CELValue.multiply))
        library.declare("_/_", numbers.map { global("divide_\($0.0)", [$0.1, $0.1], $0.1) }, .binary(CELValue.divide))
        library.declare("_%_", [global("modulo_int64", [.int, .int], .int), global("modulo_uint64", [.uint, .uint], .uint)],
                        .binary(CELValue.modulo))
        library.declare("-_", [global("negate_int64", [.int], .int), global("negate_double", [.double], .double)],
                        .unary(CELValue.negate))
    }

    /// Ordering, including the heterogeneous numeric comparisons.
    private static func declareOrdering(in library: inout CELLibrary) {
        let ordered: [(String, CELType)] = [("bool", .bool), ("string", .string), ("bytes", .bytes),
                                            ("timestamp", .timestamp), ("duration", .duration)]
        let relations: [(String, String, CELFunction)] = [
            ("_<_", "less", .binary { CELValue.relation("_<_", $0, $1) { $0 == .less } }),
            ("_<=_", "less_equals", .binary { CELValue.relation("_<=_", $0, $1) { $0 != .greater } }),
            ("_>_", "greater", .binary { CELValue.relation("_>_", $0, $1) { $0 == .greater } }),
            ("_>=_", "greater_equals", .binary { CELValue.relation("_>=_", $0, $1) { $0 != .less } }),
        ]
        for (function, prefix, implementation) in relations {
            var overloads = ordered.map { global("\(prefix)_\($0.0)", [$0.1, $0.1], .bool) }
            for (leftName, left) in numbers {
                overloads.append(global("\(prefix)_\(leftName)", [left, left], .bool))
                for (rightName, right) in numbers where rightName != leftName {
                    overloads.append(global("\(prefix)_\(leftName)_\(rightName)", [left, right], .bool))
                }
            }
            library.declare(function, overloads, implementation)
        }
    }

    private static func declareAggregates(in library: inout CELLibrary) {
        let listA = CELType.list(a)
        let mapKV = CELType.map(k, v)
        library.declare("_[_]", [global("index_list", [listA, .int], a, ["A"]),
                                 global("index_map", [mapKV, k], v, ["K", "V"])], .binary(CELStandardLibrary.index))
        library.declare("@in", [global("in_list", [a, listA], .bool, ["A"]),
                                global("in_map", [k, mapKV], .bool, ["K", "V"])], .binary(CELStandardLibrary.contains),
                        cost: CELCostModel(binary: { _, container in
                            if case .list(let list) = container { list.count } else { 0 }
                        }))
        library.declare("size", [
            global("size_string", [.string], .int), global("size_bytes", [.bytes], .int),
            global("size_list", [listA], .int, ["A"]), global("size_map", [mapKV], .int, ["K", "V"]),
            member("string_size", [.string], .int), member("bytes_size", [.bytes], .int),
            member("list_size", [listA], .int, ["A"]), member("map_size", [mapKV], .int, ["K", "V"]),
        ], .unary(CELStandardLibrary.size))
        // The insert copies the map and rebuilds its hash index: a few steps per entry.
        let mapInsertCost = CELCostModel(arguments: {
            CELCostModel.size(of: $0.first ?? .null) * CELCostModel.mapCopyStepsPerEntry
        })
        library.declare("@mapInsert", [], .variadic(CELStandardLibrary.mapInsert))
        library.declare("cel.@mapInsert", [global("@mapInsert_map_key_value", [mapKV, k, v], mapKV, ["K", "V"])],
                        .variadic(CELStandardLibrary.mapInsert), cost: mapInsertCost)
        library.declare("sum", numbers.map { member("sum_list_\($0.0)", [.list($0.1)], $0.1) },
                        .unary { CELListAggregate.sum($0, emptyValue: .int(0)) })
        library.declare("min", numbers.map { member("min_list_\($0.0)", [.list($0.1)], $0.1) },
                        .unary { CELListAggregate.extreme($0, name: "min", wantLess: true) })
        library.declare("max", numbers.map { member("max_list_\($0.0)", [.list($0.1)], $0.1) },
                        .unary { CELListAggregate.extreme($0, name: "max", wantLess: false) })
    }

    private static func declareStrings(in library: inout CELLibrary) {
        // Searching walks the string searched.
        let searched = CELCostModel(arguments: { CELCostModel.size(of: $0.first ?? .null) })
        library.declare("contains", [member("contains_string", [.string, .string], .bool)],
                        .binary(CELStandardLibrary.stringFunction("contains", CELText.contains)), cost: searched)
        library.declare("startsWith", [member("starts_with_string", [.string, .string], .bool)],
                        .binary(CELStandardLibrary.stringFunction("startsWith", CELText.hasPrefix)), cost: searched)
        library.declare("endsWith", [member("ends_with_string", [.string, .string], .bool)],
                        .binary(CELStandardLibrary.stringFunction("endsWith", CELText.hasSuffix)), cost: searched)
        library.declare("matches", [global("matches", [.string, .string], .bool),
                                    member("matches_string", [.string, .string], .bool)], .binary(CELStandardLibrary.matches))
    }

    private static func declareConversions(in library: inout CELLibrary) {
        let built = CELCostModel(result: { CELCostModel.size(of: $0) })
        library.declare("int", [global("int64_to_int64", [.int], .int), global("uint64_to_int64", [.uint], .int),
                                global("double_to_int64", [.double], .int), global("string_to_int64", [.string], .int),
                                global("timestamp_to_int64", [.timestamp], .int)], .unary(CELValue.toInt))
        library.declare("uint", [global("uint64_to_uint64", [.uint], .uint), global("int64_to_uint64", [.int], .uint),
                                 global("double_to_uint64", [.double], .uint), global("string_to_uint64", [.string], .uint)],
                        .unary(CELValue.toUint))
        library.declare("double", [global("double_to_double", [.double], .double), global("int64_to_double", [.int], .double),
                                   global("uint64_to_double", [.uint], .double), global("string_to_double", [.string], .double)],
                        .unary(CELValue.toDouble))
        library.declare("string", [global("string_to_string", [.string], .string), global("int64_to_string", [.int], .string),
                                   global("uint64_to_string", [.uint], .string), global("double_to_string", [.double], .string),
                                   global("bytes_to_string", [.bytes], .string), global("bool_to_string", [.bool], .string),
                                   global("timestamp_to_string", [.timestamp], .string),
                                   global("duration_to_string", [.duration], .string)], .unary(CELValue.toStringValue), cost: built)
        library.declare("bytes", [global("bytes_to_bytes", [.bytes], .bytes), global("string_to_bytes", [.string], .bytes)],
                        .unary(CELValue.toBytes), cost: built)
        library.declare("bool", [global("bool_to_bool", [.bool], .bool), global("string_to_bool", [.string], .bool)],
                        .unary(CELValue.toBool))
        library.declare("timestamp", [global("timestamp_to_timestamp", [.timestamp], .timestamp),
                                      global("string_to_timestamp", [.string], .timestamp),
                                      global("int64_to_timestamp", [.int], .timestamp)], .unary(CELValue.toTimestamp))
        library.declare("duration", [global("duration_to_duration", [.duration], .duration),
                                     global("string_to_duration", [.string], .duration)], .unary(CELValue.toDuration))
        library.declare("dyn", [global("to_dyn", [a], .dyn, ["A"])], .unary { $0 })
        library.declare("type", [global("type", [a], .type(a), ["A"])], .unary(CELValue.typeOf))
    }

    /// Date and time accessors (`CELTimeAccessor`); timestamps take an optional time zone, and
    /// the hours-to-milliseconds accessors read durations too.
    private static func declareTimeAccessors(in library: inout CELLibrary) {
        for accessor in CELTimeAccessor.allCases {
            var overloads: [CELOverload] = []
            let id = accessor.timestampOverloadID
            overloads += [member(id, [.timestamp], .int), member("\(id)_with_tz", [.timestamp, .string], .int)]
            if let id = accessor.durationOverloadID { overloads.append(member(id, [.duration], .int)) }
            library.declare(accessor.rawValue, overloads, .variadic { accessor.apply($0) })
        }
    }
}

extension CELTimeAccessor {
    /// The overload id of the accessor on a timestamp (a switch rather than a table keyed by the
    /// accessor, whose hashing the runtime would look up when the library is first made).
    fileprivate var timestampOverloadID: String {
        switch self {
        case .getFullYear: "timestamp_to_year"
        case .getMonth: "timestamp_to_month"
        case .getDayOfYear: "timestamp_to_day_of_year"
        case .getDayOfMonth: "timestamp_to_day_of_month"
        case .getDate: "timestamp_to_day_of_month_1_based"
        case .getDayOfWeek: "timestamp_to_day_of_week"
        case .getHours: "timestamp_to_hours"
        case .getMinutes: "timestamp_to_minutes"
        case .getSeconds: "timestamp_to_seconds"
        case .getMilliseconds: "timestamp_to_milliseconds"
        }
    }

    /// The overload id of the accessor on a duration, for those that read one.
    fileprivate var durationOverloadID: String? {
        switch self {
        case .getHours: "duration_to_hours"
        case .getMinutes: "duration_to_minutes"
        case .getSeconds: "duration_to_seconds"
        case .getMilliseconds: "duration_to_milliseconds"
        default: nil
        }
    }
}
