/// The field names of a family of records, prepared once (fingerprints, and a hash index for
/// wide records) and shared by every record built from it with `CELMap(shape:values:)`, so a
/// host building the same kind of record at every step pays only for the values.
///
/// A class of constants: a shape is handed to every record and activation made from it, and a
/// class is handed over as one reference, where a struct's every array is counted at each.
package final class CELRecordShape: Sendable {
    let keys: [CELMapKey]
    let fingerprints: [CELFieldKey.Fingerprint]
    let index: [CELMapKey: Int]?
    /// Per field given: its position among `keys`; `nil` when no name repeats (the identity).
    let positions: [Int]?
    /// How many values a record of this shape takes (one per field given, repeats included).
    package let fieldCount: Int

    /// The shape of records with these fields, in this order. A repeated name behaves as in
    /// `CELMap(strings:)`: it keeps its first position and the later value wins.
    package init(fields: [String]) {
        var builder = CELMapBuilder(capacity: fields.count)
        var positions: [Int] = []
        for field in fields {
            let key = CELMapKey.string(field)
            builder.insert(key, .null, replacing: true)
            positions.append(builder.position(of: key) ?? 0)
        }
        let storage = builder.storage
        keys = storage.keys
        fingerprints = storage.fingerprints
        index = storage.index
        self.positions = keys.count == fields.count ? nil : positions
        fieldCount = fields.count
    }

    /// Values given one per field (as `CELMap(shape:values:)` takes them) arranged one per key:
    /// missing ones `null`, extra ones dropped, a repeated name's later value in its first place.
    func placing(_ values: [CELValue]) -> [CELValue] {
        var values = values
        if values.count != fieldCount {
            values = (0..<fieldCount).map { $0 < values.count ? values[$0] : .null }
        }
        guard let positions else { return values }
        var placed = [CELValue](repeating: .null, count: keys.count)
        for (value, position) in zip(values, positions) { placed[position] = value }
        return placed
    }
}
