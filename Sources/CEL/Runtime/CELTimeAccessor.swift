/// The `getX` accessors of timestamps (in UTC or a given zone) and durations.
enum CELTimeAccessor: String, CaseIterable, Sendable {
    case getFullYear, getMonth, getDate, getDayOfMonth, getDayOfYear, getDayOfWeek
    case getHours, getMinutes, getSeconds, getMilliseconds

    func apply(_ args: [CELValue]) -> CELValue {
        guard let receiver = args.first, args.count <= 2 else {
            return .error(CELError(.noSuchOverload, "no such overload: \(rawValue)"))
        }
        guard args.count == 2 else { return apply(receiver, zone: nil) }
        guard case .string(let zoneName) = args[1] else { return .error(.noOverload(rawValue, receiver, args[1])) }
        return apply(receiver, zone: Self.zone(named: zoneName))
    }

    /// A zone argument resolved (once, when it is a constant), or the error naming it.
    static func zone(named name: String) -> Result<CELTimeZone, CELError> {
        guard let zone = CELTimeZone(name) else {
            return .failure(CELError(.invalidArgument, "unknown time zone '\(name)'"))
        }
        return .success(zone)
    }

    /// The accessor on `receiver`, read in `zone` (UTC when `nil`; durations take no zone).
    func apply(_ receiver: CELValue, zone: Result<CELTimeZone, CELError>?) -> CELValue {
        switch receiver {
        case .timestamp(let t):
            guard t.isInRange else { return .error(CELValue.timestampRange) }
            var offset = 0
            switch zone {
            case .success(let zone)?: offset = zone.offsetSeconds(at: t)
            case .failure(let error)?: return .error(error)
            case nil: break
            }
            return .int(Int64(field(of: t, offsetSeconds: offset)))
        case .duration(let d) where zone == nil:
            let total = Int64(d.seconds)
            switch self {
            case .getHours: return .int(total / 3600)
            case .getMinutes: return .int(total / 60)
            case .getSeconds: return .int(total)
            case .getMilliseconds: return .int(Int64(d.nanos) / 1_000_000)
            default: return .error(.noOverload(rawValue, receiver))
            }
        case .error:
            return receiver
        default:
            return .error(CELError(.noSuchOverload, "no such overload: \(rawValue)(\(receiver.typeName))"))
        }
    }

    /// The field of `t` read at the given UTC offset.
    func field(of t: CELTimestamp, offsetSeconds: Int) -> Int {
        let (days, secondOfDay) = (t.seconds + Int64(offsetSeconds)).floorDivided(by: 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        let s = Int(secondOfDay)
        switch self {
        case .getFullYear: return date.year
        case .getMonth: return date.month - 1
        case .getDate: return date.day
        case .getDayOfMonth: return date.day - 1
        case .getDayOfYear: return date.dayOfYear
        // 1970-01-01 was a Thursday (4 with Sunday = 0).
        case .getDayOfWeek: return Int((days + 4).floorDivided(by: 7).remainder)
        case .getHours: return s / 3600
        case .getMinutes: return s / 60 % 60
        case .getSeconds: return s % 60
        case .getMilliseconds: return Int(t.nanos) / 1_000_000
        }
    }
}
