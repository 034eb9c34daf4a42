/// What the decoder learns once per distinct key list of event objects (events of one kind
/// repeat their keys, and the parser shares one key array among them): where `type` and `at`
/// stand, the attribute keys (one shared array), and a computed name used as a key. Also one
/// shared copy of each long event type, so a million events do not hold a million copies.
struct EventForms {
    struct Form {
        let keys: [String]
        let typePosition: Int?
        let atPosition: Int?
        let attributeKeys: [String]
        /// The first key that is a computed attribute name (`day`, `hour`, …), if any.
        let computedKey: String?
    }

    private var recent: [Form] = []
    private var types: [String: String] = [:]

    mutating func form(of keys: [String]) -> Form {
        // Shared arrays compare by identity first, so this is a pointer check for most events.
        if let known = recent.first(where: { $0.keys == keys }) { return known }
        let typePosition = keys.firstIndex(of: "type")
        let atPosition = keys.firstIndex(of: "at")
        let form = Form(keys: keys, typePosition: typePosition, atPosition: atPosition,
                        attributeKeys: keys.enumerated().filter { $0.offset != typePosition && $0.offset != atPosition }.map(\.element),
                        computedKey: keys.first(where: StateEvent.computedNames.contains))
        if recent.count == 8 { recent.removeFirst() }
        recent.append(form)
        return form
    }

    /// `type`, or the copy of it seen before (short strings are stored inline and need none).
    mutating func shared(_ type: String) -> String {
        guard type.utf8.count > 15 else { return type }
        if let known = types[type] { return known }
        if types.count < 1_000 { types[type] = type }
        return type
    }
}
