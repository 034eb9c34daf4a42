import Foundation

#if FUZZING
/// libFuzzer's entry for a program with its own `main` (LLVM ≥ 12).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif

/// `rulecheck-fuzz TARGET [CORPUS...] [options]` runs one fuzz target (docs/fuzzing.md).
///
/// Built with `-sanitize=fuzzer -DFUZZING` (`make fuzz`), libFuzzer drives it and every libFuzzer
/// option applies (`-max_total_time=60`, `-timeout=10`, `-rss_limit_mb=2048`). Built normally, it
/// is a seeded mutation driver with the same targets: `-max_total_time=N`, `-timeout=N`,
/// `-seed=N`, `-runs=N` and corpus folders.
@main
struct RulecheckFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        // libFuzzer's fork mode runs this binary again with its own options only: the target
        // then comes from the environment, set here for the children.
        let named = arguments.count >= 2 ? FuzzTarget(rawValue: arguments[1]) : nil
        guard let target = named ?? ProcessInfo.processInfo.environment["RULECHECK_FUZZ_TARGET"].flatMap(FuzzTarget.init) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: rulecheck-fuzz \(names) [CORPUS...] [-max_total_time=N] [-timeout=N]\n".utf8))
            exit(2)
        }
        setenv("RULECHECK_FUZZ_TARGET", target.rawValue, 1)
        let dropped = named == nil ? 1 : 2
        #if FUZZING
        exit(runLibFuzzer(target, skipping: dropped))
        #else
        exit(MutationDriver(target: target, arguments: Array(arguments.dropFirst(dropped))).run())
        #endif
    }

    #if FUZZING
    /// Hands the command line, without the target name, to libFuzzer with the target's callback.
    private static func runLibFuzzer(_ target: FuzzTarget, skipping dropped: Int) -> CInt {
        let callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = switch target {
        case .yaml: { data, size in FuzzTarget.yaml.run(fuzzInput(data, size)); return 0 }
        case .rules: { data, size in FuzzTarget.rules.run(fuzzInput(data, size)); return 0 }
        case .cel: { data, size in FuzzTarget.cel.run(fuzzInput(data, size)); return 0 }
        case .celEval: { data, size in FuzzTarget.celEval.run(fuzzInput(data, size)); return 0 }
        case .state: { data, size in FuzzTarget.state.run(fuzzInput(data, size)); return 0 }
        case .eval: { data, size in FuzzTarget.eval.run(fuzzInput(data, size)); return 0 }
        case .lsp: { data, size in FuzzTarget.lsp.run(fuzzInput(data, size)); return 0 }
        }
        var kept = [CommandLine.unsafeArgv[0]]
        for index in dropped..<Int(CommandLine.argc) { kept.append(CommandLine.unsafeArgv[index]) }
        kept.append(nil)
        var count = CInt(kept.count - 1)
        return kept.withUnsafeMutableBufferPointer { buffer in
            var vector = buffer.baseAddress
            return LLVMFuzzerRunDriver(&count, &vector, callback)
        }
    }
    #endif
}

#if FUZZING
/// libFuzzer's input as bytes (a free function: a C callback cannot capture anything).
private func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
#endif
