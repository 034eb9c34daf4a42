import Foundation

/// The input being run, for the signal handler that saves it when the run crashes or times out.
/// Process-wide because a signal handler can reach nothing else; only the driver's one thread
/// writes it.
nonisolated(unsafe) private var inputInFlight: (pointer: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int)?
/// The finding file's path as a C string, made before any signal (open(2) is async-signal-safe).
nonisolated(unsafe) private var findingPath: UnsafeMutablePointer<CChar>?

/// A seeded mutation driver for builds without libFuzzer: it runs every seed of the corpus
/// folders, then mutated inputs (bit flips, interesting bytes, YAML/JSON/CEL tokens, deletions,
/// duplications, splices) until the time is up. A crash or a timeout (SIGALRM) leaves the input
/// in `<artifact_prefix>crash-input` and ends the run with the signal's status.
struct MutationDriver {
    let target: FuzzTarget
    var corpora: [String] = []
    var seconds = 60.0
    var timeout: UInt32 = 10
    var seed: UInt64 = 1
    var runs = Int.max
    var artifactPrefix = ".build-fuzz/findings/"

    static let tokens: [String] = [
        "{", "}", "[", "]", ": ", ", ", "\n  ", "\n- ", "*a", "&a ", "<<: ", "!!binary ", "!x ", "\"", "'", " #",
        "\u{2028}", "\u{85}", "\t", "1e400", "9223372036854775807", "-9223372036854775808", "-0", "0.1000000000000000055511",
        "null", "true", "yes", "~", "events", ".all(e, ", ".exists(e, ", ".map(e, ", ".filter(e, ", "e.at", "matches(",
        ".size()", " + ", " * ", " / ", " % ", " && ", " || ", " ? ", " : ", "int(", "uint(", "double(", "string(",
        "timestamp(", "duration(", "\"at\": \"", "2026-01-05T10:00:00+08:00", "9999-12-31T23:59:59Z", "\"type\": \"",
        "task_completed", "day_planned", "freeze_used", "kill_time_changed", "level_completed", "\"events\": [",
    ]

    init(target: FuzzTarget, arguments: [String]) {
        self.target = target
        for argument in arguments {
            if let value = Self.option("-max_total_time=", argument).flatMap(Double.init) { seconds = value }
            else if let value = Self.option("-timeout=", argument).flatMap(UInt32.init) { timeout = value }
            else if let value = Self.option("-seed=", argument).flatMap(UInt64.init) { seed = value }
            else if let value = Self.option("-runs=", argument).flatMap(Int.init) { runs = value }
            else if let value = Self.option("-artifact_prefix=", argument) { artifactPrefix = value }
            else if !argument.hasPrefix("-") { corpora.append(argument) }
        }
    }

    private static func option(_ name: String, _ argument: String) -> String? {
        argument.hasPrefix(name) ? String(argument.dropFirst(name.count)) : nil
    }

    func run() -> Int32 {
        prepareFindings()
        var pool = seeds()
        var generator = SplitMix64(seed: seed)
        let start = Date()
        var executions = 0
        var lastReport = start
        for input in pool where executions < runs {
            execute(input)
            executions += 1
        }
        while executions < runs, Date().timeIntervalSince(start) < seconds {
            let base = pool[Int(generator.next() % UInt64(pool.count))]
            let other = pool[Int(generator.next() % UInt64(pool.count))]
            let input = mutate(base, splicing: other, using: &generator)
            execute(input)
            executions += 1
            if generator.next() % 16 == 0 && pool.count < 10_000 { pool.append(input) }
            if Date().timeIntervalSince(lastReport) >= 10 {
                lastReport = Date()
                report(executions, since: start, pool: pool.count, done: false)
            }
        }
        report(executions, since: start, pool: pool.count, done: true)
        return 0
    }

    private func report(_ executions: Int, since start: Date, pool: Int, done: Bool) {
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let line = "\(target.rawValue): \(done ? "DONE" : "pulse") \(executions) runs in \(Int(elapsed)) s, "
            + "\(Int(Double(executions) / elapsed)) exec/s, pool \(pool), seed \(seed)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Every regular file of the corpus folders (at most 1 MiB each), in name order.
    private func seeds() -> [[UInt8]] {
        var found: [[UInt8]] = []
        for folder in corpora {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for name in names {
                let path = folder + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      attributes[.type] as? FileAttributeType == .typeRegular,
                      (attributes[.size] as? NSNumber)?.intValue ?? 0 <= 1 << 20,
                      let data = FileManager.default.contents(atPath: path) else { continue }
                found.append(Array(data))
            }
        }
        return found.isEmpty ? [[]] : found
    }

    /// Runs one input with the alarm set, the input saved for the signal handler.
    private func execute(_ input: [UInt8]) {
        guard var slot = inputInFlight else { return }
        if slot.capacity < input.count {
            slot.pointer.deallocate()
            slot = (UnsafeMutablePointer<UInt8>.allocate(capacity: input.count), input.count, 0)
        }
        input.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { slot.pointer.update(from: base, count: input.count) }
        }
        slot.count = input.count
        inputInFlight = slot
        alarm(timeout)
        target.run(input)
        alarm(0)
    }

    /// Opens the finding file and installs the handlers that write the input in flight to it.
    private func prepareFindings() {
        try? FileManager.default.createDirectory(atPath: (artifactPrefix as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        findingPath = strdup(artifactPrefix + "crash-input")
        inputInFlight = (UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16), 1 << 16, 0)
        for signalNumber in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGALRM] {
            signal(signalNumber) { number in
                if let slot = inputInFlight, let path = findingPath {
                    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    if descriptor >= 0 { _ = write(descriptor, slot.pointer, slot.count) }
                    let note = number == SIGALRM ? "\n== timeout: the input is saved as a finding\n" : "\n== crash: the input is saved as a finding\n"
                    note.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
                }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    private func mutate(_ base: [UInt8], splicing other: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = base
        for _ in 0...(generator.next() % 4) {
            let position = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count + 1))
            switch generator.next() % 7 {
            case 0 where !bytes.isEmpty:
                let index = min(position, bytes.count - 1)
                bytes[index] ^= UInt8(1) << (generator.next() % 8)
            case 1 where !bytes.isEmpty:
                let interesting: [UInt8] = [0, 0xFF, 0x0A, 0x3A, 0x2D, 0x23, 0x2A, 0x26, 0x21, 0x22, 0x27, 0x5B, 0x7B, 0x20, 0xC2, 0xE2]
                bytes[min(position, bytes.count - 1)] = interesting[Int(generator.next() % UInt64(interesting.count))]
            case 2, 3:
                bytes.insert(contentsOf: Array(Self.tokens[Int(generator.next() % UInt64(Self.tokens.count))].utf8), at: position)
            case 4 where !bytes.isEmpty:
                let length = min(Int(generator.next() % 32) + 1, bytes.count - min(position, bytes.count - 1))
                bytes.removeSubrange(min(position, bytes.count - 1)..<min(position, bytes.count - 1) + length)
            case 5 where !bytes.isEmpty:
                let from = Int(generator.next() % UInt64(bytes.count))
                let length = min(Int(generator.next() % 64) + 1, bytes.count - from)
                bytes.insert(contentsOf: Array(bytes[from..<from + length]), at: position)
            default:
                let cut = other.isEmpty ? 0 : Int(generator.next() % UInt64(other.count))
                bytes = Array(bytes[..<min(position, bytes.count)]) + Array(other[cut...])
            }
        }
        return bytes.count > 1 << 18 ? Array(bytes[..<(1 << 18)]) : bytes
    }
}

/// A small, fast, seeded generator: the same seed gives the same runs.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
