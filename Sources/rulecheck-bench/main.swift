// rulecheck-bench SUITE — release-built timings. Each suite lives in its own file.
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "cel":
    CELBench.run(Array(arguments.dropFirst()))
default:
    print("usage: rulecheck-bench cel")
}
