import Testing
@testable import CEL

/// `CELMap(shape:values:)` builds the same map as `CELMap(strings:)` over the same names.
@Suite struct RecordShapeTests {
    static let fieldLists: [[String]] = [
        [],
        ["date", "weekday", "events", "late", "count", "planned", "kill_time", "status", "expired_count"],
        (0..<20).map { "wide_field_number_\($0)" },
        ["a", "b", "a", "c"],
    ]

    static func sameEntries(_ shaped: CELMap, _ plain: CELMap) -> Bool {
        shaped.count == plain.count && zip(shaped.entries, plain.entries).allSatisfy {
            $0.0.key.sameValue($0.1.key) && $0.0.value.sameValue($0.1.value)
        }
    }

    @Test(arguments: fieldLists, [0, -1, 1])
    func shapedRecordEqualsPlainRecord(fields: [String], extraValues: Int) {
        let shape = CELRecordShape(fields: fields)
        let values = (0..<max(0, fields.count + extraValues)).map { CELValue.int(Int64($0)) }
        let padded = fields.indices.map { $0 < values.count ? values[$0] : CELValue.null }
        let shaped = CELMap(shape: shape, values: values)
        let plain = CELMap(strings: zip(fields, padded).map { (key: $0.0, value: $0.1) })
        #expect(Self.sameEntries(shaped, plain))
        for field in fields {
            #expect(shaped[string: field]?.sameValue(plain[string: field] ?? .null) == true)
        }
        #expect(shaped[string: "missing"] == nil)
    }

    @Test func shapedRecordsReadLikeRecordsInExpressions() {
        let shape = CELRecordShape(fields: ["current", "longest", "status"])
        let record = CELMap(shape: shape, values: [.int(3), .int(7), .string("active")])
        let type = CELRecordType(name: "streak", fields: [("current", .int), ("longest", .int), ("status", .string)], isOpen: true)
        let result = evaluateChecked("s.longest - s.current == 4 && s.status == 'active' && !has(s.missing)",
                                     variables: ["s": (.record(type), .map(record))])
        #expect(result.sameValue(.bool(true)))
    }
}
