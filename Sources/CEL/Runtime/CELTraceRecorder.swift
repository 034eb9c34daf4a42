/// The values of sub-expressions recorded by `evaluateTraced`, by node id.
final class CELTraceRecorder {
    var values: [CELExprID: CELValue] = [:]
}
