/// Arithmetic of langdef: int and uint overflow are errors, doubles follow IEEE 754, no
/// implicit conversion between numeric kinds; strings, bytes and lists concatenate; time
/// arithmetic stays in the timestamp and duration ranges.
extension CELValue {
    static func add(_ a: CELValue, _ b: CELValue) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (r, o) = x.addingReportingOverflow(y)
            return o ? .error(.intOverflow) : .int(r)
        case (.uint(let x), .uint(let y)):
            let (r, o) = x.addingReportingOverflow(y)
            return o ? .error(.uintOverflow) : .uint(r)
        case (.double(let x), .double(let y)): return .double(x + y)
        case (.string(let x), .string(let y)): return .string(x + y)
        case (.bytes(let x), .bytes(let y)): return .bytes(x + y)
        case (.list(var x), .list(let y)):
            x.append(contentsOf: y)
            return .list(x)
        case (.timestamp(let t), .duration(let d)), (.duration(let d), .timestamp(let t)):
            return timestamp(t, plus: d, sign: 1)
        case (.duration(let x), .duration(let y)):
            guard let nx = x.totalNanoseconds, let ny = y.totalNanoseconds else { return .error(durationRange) }
            let (r, o) = nx.addingReportingOverflow(ny)
            return o ? .error(durationRange) : .duration(CELDuration(nanoseconds: r))
        case (.error, _): return a
        case (_, .error): return b
        default: return .error(.noOverload("_+_", a, b))
        }
    }

    static func subtract(_ a: CELValue, _ b: CELValue) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (r, o) = x.subtractingReportingOverflow(y)
            return o ? .error(.intOverflow) : .int(r)
        case (.uint(let x), .uint(let y)):
            let (r, o) = x.subtractingReportingOverflow(y)
            return o ? .error(.uintOverflow) : .uint(r)
        case (.double(let x), .double(let y)): return .double(x - y)
        case (.timestamp(let t), .duration(let d)): return timestamp(t, plus: d, sign: -1)
        case (.timestamp(let x), .timestamp(let y)):
            let (s, o1) = x.seconds.subtractingReportingOverflow(y.seconds)
            let (ns, o2) = s.multipliedReportingOverflow(by: 1_000_000_000)
            let (r, o3) = ns.addingReportingOverflow(Int64(x.nanos) - Int64(y.nanos))
            return o1 || o2 || o3 ? .error(durationRange) : .duration(CELDuration(nanoseconds: r))
        case (.duration(let x), .duration(let y)):
            guard let nx = x.totalNanoseconds, let ny = y.totalNanoseconds else { return .error(durationRange) }
            let (r, o) = nx.subtractingReportingOverflow(ny)
            return o ? .error(durationRange) : .duration(CELDuration(nanoseconds: r))
        case (.error, _): return a
        case (_, .error): return b
        default: return .error(.noOverload("_-_", a, b))
        }
    }

    static func multiply(_ a: CELValue, _ b: CELValue) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (r, o) = x.multipliedReportingOverflow(by: y)
            return o ? .error(.intOverflow) : .int(r)
        case (.uint(let x), .uint(let y)):
            let (r, o) = x.multipliedReportingOverflow(by: y)
            return o ? .error(.uintOverflow) : .uint(r)
        case (.double(let x), .double(let y)): return .double(x * y)
        case (.error, _): return a
        case (_, .error): return b
        default: return .error(.noOverload("_*_", a, b))
        }
    }

    static func divide(_ a: CELValue, _ b: CELValue) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            if y == 0 { return .error(.divideByZero) }
            let (r, o) = x.dividedReportingOverflow(by: y)
            return o ? .error(.intOverflow) : .int(r)
        case (.uint(let x), .uint(let y)):
            return y == 0 ? .error(.divideByZero) : .uint(x / y)
        case (.double(let x), .double(let y)): return .double(x / y)
        case (.error, _): return a
        case (_, .error): return b
        default: return .error(.noOverload("_/_", a, b))
        }
    }

    static func modulo(_ a: CELValue, _ b: CELValue) -> CELValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            if y == 0 { return .error(.moduloByZero) }
            let (r, o) = x.remainderReportingOverflow(dividingBy: y)
            return o ? .error(.intOverflow) : .int(r)
        case (.uint(let x), .uint(let y)):
            return y == 0 ? .error(.moduloByZero) : .uint(x % y)
        case (.error, _): return a
        case (_, .error): return b
        default: return .error(.noOverload("_%_", a, b))
        }
    }

    static func negate(_ a: CELValue) -> CELValue {
        switch a {
        case .int(let x):
            return x == .min ? .error(.intOverflow) : .int(-x)
        case .double(let x): return .double(-x)
        case .duration(let d):
            guard let n = d.totalNanoseconds, n != .min else { return .error(durationRange) }
            return .duration(CELDuration(nanoseconds: -n))
        case .error: return a
        default: return .error(.noOverload("-_", a))
        }
    }

    static func not(_ a: CELValue) -> CELValue {
        switch a {
        case .bool(let x): return .bool(!x)
        case .error: return a
        default: return .error(.noOverload("!_", a))
        }
    }

    static let durationRange = CELError(.range, "duration out of range")
    static let timestampRange = CELError(.range, "timestamp out of range")

    static func timestamp(_ t: CELTimestamp, plus d: CELDuration, sign: Int64) -> CELValue {
        let (delta, o1) = d.seconds.multipliedReportingOverflow(by: sign)
        let (seconds0, o2) = t.seconds.addingReportingOverflow(delta)
        if o1 || o2 { return .error(timestampRange) }
        var seconds = seconds0
        var nanos = Int64(t.nanos) + sign * Int64(d.nanos)
        if nanos >= 1_000_000_000 {
            seconds += 1
            nanos -= 1_000_000_000
        } else if nanos < 0 {
            seconds -= 1
            nanos += 1_000_000_000
        }
        let result = CELTimestamp(seconds: seconds, nanos: Int32(nanos))
        return result.isInRange ? .timestamp(result) : .error(timestampRange)
    }
}
