/// Declarations of the standard functions of langdef ("Standard Definitions") with cel-go's
/// overload ids, plus the `sum`, `min` and `max` list extensions and the helpers that macro
/// expansions call (`@not_strictly_false`, `cel.@mapInsert`).
enum CELStandardDeclarations {
    static let functions: [String: [CELOverload]] = {
        var table: [String: [CELOverload]] = [:]
        func add(_ name: String, _ overloads: [CELOverload]) { table[name, default: []] += overloads }
        func global(_ id: String, _ parameters: [CELType], _ result: CELType, _ typeParameters: [String] = []) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result, typeParameters: typeParameters)
        }
        func member(_ id: String, _ parameters: [CELType], _ result: CELType, _ typeParameters: [String] = []) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result, typeParameters: typeParameters, isInstance: true)
        }
        let a = CELType.typeParam("A")
        let k = CELType.typeParam("K")
        let v = CELType.typeParam("V")
        let listA = CELType.list(a)
        let mapKV = CELType.map(k, v)
        let numbers: [(String, CELType)] = [("int64", .int), ("uint64", .uint), ("double", .double)]

        // Logic and conditionals.
        add("_?_:_", [global("conditional", [.bool, a, a], a, ["A"])])
        add("_&&_", [global("logical_and", [.bool, .bool], .bool)])
        add("_||_", [global("logical_or", [.bool, .bool], .bool)])
        add("!_", [global("logical_not", [.bool], .bool)])
        add("@not_strictly_false", [global("not_strictly_false", [.bool], .bool)])
        add("_==_", [global("equals", [a, a], .bool, ["A"])])
        add("_!=_", [global("not_equals", [a, a], .bool, ["A"])])

        // Arithmetic.
        add("_+_", numbers.map { global("add_\($0.0)", [$0.1, $0.1], $0.1) } + [
            global("add_string", [.string, .string], .string),
            global("add_bytes", [.bytes, .bytes], .bytes),
            global("add_list", [listA, listA], listA, ["A"]),
            global("add_timestamp_duration", [.timestamp, .duration], .timestamp),
            global("add_duration_timestamp", [.duration, .timestamp], .timestamp),
            global("add_duration_duration", [.duration, .duration], .duration),
        ])
        add("_-_", numbers.map { global("subtract_\($0.0)", [$0.1, $0.1], $0.1) } + [
            global("subtract_timestamp_timestamp", [.timestamp, .timestamp], .duration),
            global("subtract_timestamp_duration", [.timestamp, .duration], .timestamp),
            global("subtract_duration_duration", [.duration, .duration], .duration),
        ])
        add("_*_", numbers.map { global("multiply_\($0.0)", [$0.1, $0.1], $0.1) })
        add("_/_", numbers.map { global("divide_\($0.0)", [$0.1, $0.1], $0.1) })
        add("_%_", [global("modulo_int64", [.int, .int], .int), global("modulo_uint64", [.uint, .uint], .uint)])
        add("-_", [global("negate_int64", [.int], .int), global("negate_double", [.double], .double)])

        // Ordering, including the heterogeneous numeric comparisons.
        let ordered: [(String, CELType)] = [("bool", .bool), ("string", .string), ("bytes", .bytes),
                                            ("timestamp", .timestamp), ("duration", .duration)]
        for (function, prefix) in [("_<_", "less"), ("_<=_", "less_equals"), ("_>_", "greater"),
                                   ("_>=_", "greater_equals")] {
            var overloads = ordered.map { global("\(prefix)_\($0.0)", [$0.1, $0.1], .bool) }
            for (leftName, left) in numbers {
                overloads.append(global("\(prefix)_\(leftName)", [left, left], .bool))
                for (rightName, right) in numbers where rightName != leftName {
                    overloads.append(global("\(prefix)_\(leftName)_\(rightName)", [left, right], .bool))
                }
            }
            add(function, overloads)
        }

        // Aggregates.
        add("_[_]", [global("index_list", [listA, .int], a, ["A"]),
                     global("index_map", [mapKV, k], v, ["K", "V"])])
        add("@in", [global("in_list", [a, listA], .bool, ["A"]),
                    global("in_map", [k, mapKV], .bool, ["K", "V"])])
        add("size", [
            global("size_string", [.string], .int), global("size_bytes", [.bytes], .int),
            global("size_list", [listA], .int, ["A"]), global("size_map", [mapKV], .int, ["K", "V"]),
            member("string_size", [.string], .int), member("bytes_size", [.bytes], .int),
            member("list_size", [listA], .int, ["A"]), member("map_size", [mapKV], .int, ["K", "V"]),
        ])
        add("cel.@mapInsert", [global("@mapInsert_map_key_value", [mapKV, k, v], mapKV, ["K", "V"])])
        for (name, id) in [("sum", "sum"), ("min", "min"), ("max", "max")] {
            add(name, numbers.map { member("\(id)_list_\($0.0)", [.list($0.1)], $0.1) })
        }

        // Strings.
        add("contains", [member("contains_string", [.string, .string], .bool)])
        add("startsWith", [member("starts_with_string", [.string, .string], .bool)])
        add("endsWith", [member("ends_with_string", [.string, .string], .bool)])
        add("matches", [global("matches", [.string, .string], .bool),
                        member("matches_string", [.string, .string], .bool)])

        // Conversions.
        add("int", [global("int64_to_int64", [.int], .int), global("uint64_to_int64", [.uint], .int),
                    global("double_to_int64", [.double], .int), global("string_to_int64", [.string], .int),
                    global("timestamp_to_int64", [.timestamp], .int)])
        add("uint", [global("uint64_to_uint64", [.uint], .uint), global("int64_to_uint64", [.int], .uint),
                     global("double_to_uint64", [.double], .uint), global("string_to_uint64", [.string], .uint)])
        add("double", [global("double_to_double", [.double], .double), global("int64_to_double", [.int], .double),
                       global("uint64_to_double", [.uint], .double), global("string_to_double", [.string], .double)])
        add("string", [global("string_to_string", [.string], .string), global("int64_to_string", [.int], .string),
                       global("uint64_to_string", [.uint], .string), global("double_to_string", [.double], .string),
                       global("bytes_to_string", [.bytes], .string), global("bool_to_string", [.bool], .string),
                       global("timestamp_to_string", [.timestamp], .string),
                       global("duration_to_string", [.duration], .string)])
        add("bytes", [global("bytes_to_bytes", [.bytes], .bytes), global("string_to_bytes", [.string], .bytes)])
        add("bool", [global("bool_to_bool", [.bool], .bool), global("string_to_bool", [.string], .bool)])
        add("timestamp", [global("timestamp_to_timestamp", [.timestamp], .timestamp),
                          global("string_to_timestamp", [.string], .timestamp),
                          global("int64_to_timestamp", [.int], .timestamp)])
        add("duration", [global("duration_to_duration", [.duration], .duration),
                         global("string_to_duration", [.string], .duration)])
        add("dyn", [global("to_dyn", [a], .dyn, ["A"])])
        add("type", [global("type", [a], .type(a), ["A"])])

        // Date and time accessors; timestamps take an optional time zone.
        let timestampAccessors: [(String, String)] = [
            ("getFullYear", "timestamp_to_year"), ("getMonth", "timestamp_to_month"),
            ("getDayOfYear", "timestamp_to_day_of_year"), ("getDayOfMonth", "timestamp_to_day_of_month"),
            ("getDate", "timestamp_to_day_of_month_1_based"), ("getDayOfWeek", "timestamp_to_day_of_week"),
            ("getHours", "timestamp_to_hours"), ("getMinutes", "timestamp_to_minutes"),
            ("getSeconds", "timestamp_to_seconds"), ("getMilliseconds", "timestamp_to_milliseconds"),
        ]
        for (name, id) in timestampAccessors {
            add(name, [member(id, [.timestamp], .int), member("\(id)_with_tz", [.timestamp, .string], .int)])
        }
        for (name, id) in [("getHours", "duration_to_hours"), ("getMinutes", "duration_to_minutes"),
                           ("getSeconds", "duration_to_seconds"), ("getMilliseconds", "duration_to_milliseconds")] {
            add(name, [member(id, [.duration], .int)])
        }
        return table
    }()
}
