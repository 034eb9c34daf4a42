/// Values by local day, stored in one array from the earliest day given a value to the latest:
/// a lookup is an index, where a dictionary hashed the day (SipHash) at every event and every
/// checkpoint. A history spans at most `DaySpan`'s limit of days, so the array stays small.
struct DayTable<Value: Sendable>: Sendable {
    /// The day number of `slots[0]`.
    private var start = 0
    private var slots: [Value?] = []

    /// Whether no day holds a value.
    var isEmpty: Bool { slots.allSatisfy { $0 == nil } }

    subscript(day: LocalDay) -> Value? {
        get {
            let offset = day.number - start
            return offset >= 0 && offset < slots.count ? slots[offset] : nil
        }
        set {
            if newValue == nil {
                let offset = day.number - start
                if offset >= 0 && offset < slots.count { slots[offset] = nil }
            } else {
                slots[makeRoom(for: day)] = newValue
            }
        }
    }

    /// What `part` reads of `day`'s value, read where the value is (the subscript's getter
    /// copies the whole value: a retain and release of each of its arrays).
    func read<Part>(_ day: LocalDay, _ part: (Value) -> Part) -> Part? {
        let offset = day.number - start
        guard offset >= 0 && offset < slots.count else { return nil }
        return slots[offset].map(part)
    }

    /// The value of `day`, set to `value` first when it has none; changed in place.
    subscript(day: LocalDay, default value: @autoclosure () -> Value) -> Value {
        get { self[day] ?? value() }
        _modify {
            let offset = makeRoom(for: day)
            if slots[offset] == nil { slots[offset] = value() }
            // Changed where it is (the slot was just filled): neither copied nor moved out and
            // back, which would copy the whole entry twice at every event.
            yield &slots[offset]!
        }
    }

    /// The offset of `day` in `slots`, growing it to reach the day.
    private mutating func makeRoom(for day: LocalDay) -> Int {
        if slots.isEmpty {
            start = day.number
            slots.append(nil)
            return 0
        }
        let offset = day.number - start
        if offset >= slots.count {
            // One day at a time (a plain append; `repeatElement` went through generic witnesses).
            while slots.count <= offset { slots.append(nil) }
            return offset
        }
        if offset < 0 {
            // Earlier days are rare (events are in time order; a day may go back with the
            // offset): room for as many again as there are, so going back day by day stays linear.
            let added = Swift.max(-offset, slots.count / 2)
            slots.insert(contentsOf: repeatElement(nil, count: added), at: 0)
            start -= added
            return offset + added
        }
        return offset
    }
}
