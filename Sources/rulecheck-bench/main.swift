// rulecheck-bench SUITE — release-built timings. Each suite lives in its own file.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())

switch arguments.first {
case "cel":
    CELBench.run(rest)
case "validate":
    ValidateBench.run(rest)
case "replay":
    ReplayBench.run(arguments: rest)
case "products":
    ProductBench.run(arguments: rest)
case "session":
    SessionBench.run(arguments: rest)
case "diff":
    DiffBench.run(arguments: rest)
case "lsp":
    LanguageServerBench.run(arguments: rest)
case "generate":
    HistoryText.generate(rest)
default:
    print("usage: rulecheck-bench cel [E0…E5|M1...] [--evaluations N] | validate [RUNS] | replay | products [RUNS] | session [RECORDS] | diff [RUNS] | lsp [EDITS] | generate million|daily|batch|replay-rules|replay-1k|replay-10k FILE")
}
