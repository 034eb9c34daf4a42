import CEL
import RuleModel

/// A rule expression as the replay evaluates it: folds over events replaced by variables whose
/// values come from the fold tables, and what the rewritten expression still reads.
///
/// A class of constants, like `AwardRule`: the decision reads an award's plans from the replay
/// at every award, and a struct this size would be copied whole (a retain and release of each part).
final class PlannedExpression: Sendable {
    /// The rewritten program (the original one when nothing could be folded).
    let program: CELProgram
    /// What the rewritten program reads besides the folds.
    let inputs: ExpressionInputs
    /// Indices (in `Replay.folds`) of the folds it reads directly.
    let folds: [Int]
    /// Indices (in `Replay.dayFolds`) of the folds over `days` it reads.
    let dayFolds: [Int]
    /// With day folds: the expression with only its event folds rewritten, evaluated where a
    /// day fold has no value (`DayFoldValues`).
    let fallback: CELProgram?
    /// Whether it reads a daily fold (`DailyFold`): then it holds only for states whose daily
    /// tables are exact, and `Replay` plans the expression without them as well.
    let readsDailyFolds: Bool
    /// The nodes of the expression as written, when every iteration in it became a fold and no
    /// fold body iterates; `nil` otherwise.
    let writtenNodes: Int?
    /// When the whole expression is one daily fold (a best day): that fold, whose table at `now`
    /// holds the written value when the table is exact and the written evaluation stays under
    /// the cost limit (`DailyFold.writtenSteps`).
    let wholeDaily: DailyFold?
    /// The fact variables the expression as written reads (the decision at `now` builds only
    /// those it reads; every one when the AST is not known).
    let writtenVariables: FactVariableSet

    init(program: CELProgram, inputs: ExpressionInputs, folds: [Int], dayFolds: [Int] = [], fallback: CELProgram? = nil,
         readsDailyFolds: Bool = false, writtenNodes: Int? = nil, wholeDaily: DailyFold? = nil,
         writtenVariables: FactVariableSet = .all) {
        self.program = program
        self.inputs = inputs
        self.folds = folds
        self.dayFolds = dayFolds
        self.fallback = fallback
        self.readsDailyFolds = readsDailyFolds
        self.writtenNodes = writtenNodes
        self.wholeDaily = wholeDaily
        self.writtenVariables = writtenVariables
    }

    /// An expression evaluated only as written (a reminder's `when` at `now`): no folds, and
    /// the variables it reads from its checked AST.
    convenience init(writtenOnly program: CELProgram) {
        let inputs = ExpressionInputs(program)
        self.init(program: program, inputs: inputs, folds: [], writtenVariables: inputs.variables)
    }

    /// Whether `program`, reading the folds' values after all `events`, gives what the expression
    /// as written gives. The tables hold the written value unless the written evaluation runs over
    /// the cost limit, and without nested iterations it costs at most nodes × (1 + events × nodes)
    /// steps: every node once, then per iteration (at most `events` per fold) at most every node.
    ///
    /// A whole daily fold reads like written when its table is exact (`dailyExact`) and its
    /// written evaluation over `days` days costs at most the limit.
    func readsLikeWritten(events: Int, days: Int, dailyExact: Bool, costLimit: Int) -> Bool {
        if let wholeDaily {
            guard dailyExact, let steps = wholeDaily.writtenSteps(days: days, events: events) else { return false }
            return steps <= costLimit
        }
        if !dayFolds.isEmpty { return false }  // day folds have no table at `now`
        if folds.isEmpty { return true }  // `program` is the expression as written
        guard let nodes = writtenNodes else { return false }
        let perNode = events.multipliedReportingOverflow(by: nodes)
        let bound = (perNode.partialValue + 1).multipliedReportingOverflow(by: nodes)
        return !perNode.overflow && !bound.overflow && bound.partialValue <= costLimit
    }
}
