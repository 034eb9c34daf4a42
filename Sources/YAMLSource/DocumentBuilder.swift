import Diagnostics

/// Builds the node tree from libyaml events, iteratively (deep nesting never recurses), while
/// resolving aliases, expanding merge keys, finding duplicate keys and enforcing the bounds.
struct DocumentBuilder {
    /// Expansion and nesting bounds (docs/diagnostics-yaml.md, E108 and E109): the nodes that
    /// aliases add may not exceed the larger of `aliasNodeFloor` and `aliasRatio` × the nodes
    /// written; nodes written are never limited by these (the file size limit bounds them).
    struct Limits: Sendable {
        var aliasNodeFloor = 100_000
        var aliasRatio = 10
        var maxDepth = 1_000
    }

    /// A finished node with what the bounds need: its expanded node count and height.
    private struct Built {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    /// A sequence or mapping whose end event has not come yet.
    private struct OpenCollection {
        var isMapping: Bool
        var start: LibYAMLEvent.Mark
        var anchor: String?
        var tag: String?
        var isFlow: Bool
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        /// The resolved value of each pair's key (nil for collection keys), for duplicate checks.
        var keyValues: [YAMLScalarValue?] = []
        var pendingKey: YAMLNode?
        var size = 1
        var height = 0
        /// Indexes in `pairs` of `<<` merge entries, expanded when the mapping ends.
        var mergeIndexes: [Int] = []
        /// Resolved scalar keys → index in `pairs`, built once the mapping grows past a few keys.
        var keyIndex: [YAMLScalarValue: Int]?
    }

    let file: String
    let lines: SourceLines
    let limits: Limits
    private var tracer: ScalarPositionTracer

    private(set) var diagnostics: [Diagnostic] = []
    /// Set when building had to stop (a bound was hit); the tree is then discarded.
    private(set) var aborted = false
    private(set) var root: YAMLNode?

    private var stack: [OpenCollection] = []
    private var anchors: [String: Built] = [:]
    /// Anchors of the collections still open, counted (names may repeat): an alias to one of
    /// them would be recursive.
    private var openAnchors: [String: Int] = [:]
    private var sourceNodes = 0
    /// Nodes added by aliases, each aliased subtree counted at every use (saturating).
    private var aliasNodes = 0
    private var largestAlias: (size: Int, span: SourceSpan)?

    init(file: String, lines: SourceLines, limits: Limits = Limits()) {
        self.file = file
        self.lines = lines
        self.limits = limits
        self.tracer = ScalarPositionTracer(lines: lines, file: file)
    }

    func span(_ start: LibYAMLEvent.Mark, _ end: LibYAMLEvent.Mark) -> SourceSpan {
        SourceSpan(file: file, start: lines.position(line: start.line, column: start.column),
                   end: lines.position(line: end.line, column: end.column))
    }

    /// Feeds one event of the document (between document start and end).
    mutating func handle(_ event: LibYAMLEvent) {
        guard !aborted else { return }
        switch event.kind {
        case .scalar(let text, let style):
            sourceNodes += 1
            let nodeSpan = span(event.start, event.end)
            reportNonCoreTag(event, allowed: text == "<<" ? Self.scalarTags.union(["!!merge"]) : Self.scalarTags)
            reportTypingProblems(text: text, style: style, tag: event.tag, at: nodeSpan)
            complete(Built(node: scalarNode(event, text: text, style: style, span: nodeSpan), size: 1, height: 0))
        case .sequenceStart(let flow), .mappingStart(let flow):
            sourceNodes += 1
            guard stack.count < limits.maxDepth else {
                abort(.error(YAMLDiagnosticCode.nestingTooDeep.code,
                             "nesting is deeper than \(limits.maxDepth) levels",
                             at: span(event.start, event.end),
                             fix: "flatten the structure; rule files never need this much nesting"))
                return
            }
            var isMapping = false
            if case .mappingStart = event.kind { isMapping = true }
            reportNonCoreTag(event, allowed: isMapping ? ["!!map"] : ["!!seq"])
            var open = OpenCollection(isMapping: isMapping, start: event.start, anchor: event.anchor,
                                      tag: event.tag, isFlow: flow)
            // Rule mappings have around ten keys: start big enough to skip most regrowth.
            if isMapping {
                open.pairs.reserveCapacity(8)
                open.keyValues.reserveCapacity(8)
            } else {
                open.items.reserveCapacity(4)
            }
            if let anchor = event.anchor { openAnchors[anchor, default: 0] += 1 }
            stack.append(open)
        case .sequenceEnd, .mappingEnd:
            guard let open = stack.popLast() else { return }
            if let anchor = open.anchor { openAnchors[anchor, default: 1] -= 1 }
            finish(open, end: event.end)
        case .alias(let name):
            sourceNodes += 1
            resolveAlias(name, at: span(event.start, event.end))
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            break
        }
    }

    /// Checks the alias bound once the number of written nodes is known.
    mutating func finishDocument() {
        guard !aborted, root != nil else { return }
        let budget = aliasBudget(writtenNodes: sourceNodes)
        if aliasNodes > budget {
            let at = largestAlias?.span ?? SourceSpan.file(file)
            abort(.error(YAMLDiagnosticCode.expansionTooLarge.code,
                         "aliases add \(aliasNodes) nodes to this document, more than its limit of \(budget) (the larger of \(limits.aliasNodeFloor) and \(limits.aliasRatio)× its \(sourceNodes) written nodes); an alias bomb?",
                         at: at, fix: "write the repeated parts out, or reuse them fewer times"))
        }
    }

    private func aliasBudget(writtenNodes: Int) -> Int {
        let (scaled, overflow) = limits.aliasRatio.multipliedReportingOverflow(by: writtenNodes)
        return overflow ? Int.max : max(limits.aliasNodeFloor, scaled)
    }

    // MARK: - Nodes

    private mutating func scalarNode(_ event: LibYAMLEvent, text: String, style: ScalarStyle,
                                     span nodeSpan: SourceSpan) -> YAMLNode {
        let (map, comment) = tracer.trace(text: text, style: style, start: event.start, end: event.end)
        return YAMLNode(kind: .scalar(text: text, style: style), span: nodeSpan,
                        tag: event.tag, anchor: event.anchor, scalarMap: map, trailingComment: comment)
    }

    private mutating func finish(_ open: OpenCollection, end: LibYAMLEvent.Mark) {
        var open = open
        let nodeSpan = span(open.start, end)
        let kind: YAMLNode.Kind
        if open.isMapping {
            if let key = open.pendingKey {
                // libyaml always pairs keys with values; keep the key rather than lose it.
                open.pairs.append(YAMLPair(key: key, value: YAMLNode(kind: .scalar(text: "", style: .plain), span: key.span)))
            }
            kind = .mapping(Self.exactlySized(open.mergeIndexes.isEmpty ? open.pairs : expandMerges(open)))
        } else {
            kind = .sequence(Self.exactlySized(open.items))
        }
        let node = YAMLNode(kind: kind, span: nodeSpan, tag: open.tag, anchor: open.anchor,
                            isFlowCollection: open.isFlow)
        complete(Built(node: node, size: open.size, height: open.height + 1))
    }

    /// `items` in storage of its own size: an array grown by appending keeps up to twice the room
    /// it needs, and the finished tree is read, never appended to.
    private static func exactlySized<Element>(_ items: [Element]) -> [Element] {
        guard items.capacity > items.count else { return items }
        return [Element](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: items)
        }
    }

    /// Hands a finished node to its parent (or makes it the root) and records its anchor.
    /// An alias's copy is neither re-anchored nor re-checked: its problems were reported where
    /// the anchored node is written.
    private mutating func complete(_ built: consuming Built) {
        if !built.node.isAlias, let name = built.node.anchor { anchors[name] = built }
        guard !stack.isEmpty else {
            root = built.node
            return
        }
        let top = stack.count - 1
        stack[top].size = Self.saturatingSum(stack[top].size, built.size)
        stack[top].height = max(stack[top].height, built.height)
        if !stack[top].isMapping {
            stack[top].items.append(built.node)
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = built.node
            return
        }
        stack[top].pendingKey = nil
        addPair(YAMLPair(key: key, value: built.node), to: top)
    }

    /// `consuming`: the pair is moved into the mapping, not copied (each copy retains and
    /// releases every part of both nodes).
    private mutating func addPair(_ pair: consuming YAMLPair, to top: Int) {
        let keyValue = DocumentBuilder.keyValue(pair.key)
        if let keyValue {
            if let first = firstIndex(of: keyValue, in: top) {
                let firstKey = stack[top].pairs[first].key
                diagnostics.append(.error(
                    YAMLDiagnosticCode.duplicateKey.code,
                    "duplicate key '\(pair.key.scalarText ?? "")' in this mapping",
                    at: pair.key.span,
                    notes: [DiagnosticNote("first defined here", at: firstKey.span)],
                    fix: "remove one of the two entries, or rename this key"))
                return
            }
            let index = stack[top].pairs.count
            if DocumentBuilder.isMergeKey(pair.key) { stack[top].mergeIndexes.append(index) }
            stack[top].keyIndex?[keyValue] = index
        }
        stack[top].pairs.append(pair)
        stack[top].keyValues.append(keyValue)
        if stack[top].keyIndex == nil && stack[top].keyValues.count > 16 {
            var index: [YAMLScalarValue: Int] = [:]
            for (i, k) in stack[top].keyValues.enumerated() {
                if let k, index[k] == nil { index[k] = i }
            }
            stack[top].keyIndex = index
        }
    }

    private func firstIndex(of key: YAMLScalarValue, in top: Int) -> Int? {
        if let index = stack[top].keyIndex { return index[key] }
        return stack[top].keyValues.firstIndex { $0 == key }
    }

    /// The value a scalar key stands for; nil for collection keys (never duplicates here).
    private static func keyValue(_ key: YAMLNode) -> YAMLScalarValue? {
        guard case .scalar = key.kind else { return nil }
        if isMergeKey(key) { return .string("<<") }
        return key.scalarValue
    }

    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        guard case .scalar(let text, let style) = key.kind, text == "<<" else { return false }
        return (style == .plain && key.tag == nil) || key.tag == "!!merge"
    }

    /// Replaces each `<<` entry by the pairs of the mapping(s) it names. Explicit keys win over
    /// merged ones, and an earlier merged mapping wins over a later one.
    private mutating func expandMerges(_ open: OpenCollection) -> [YAMLPair] {
        var taken = Set<YAMLScalarValue>()
        let merges = Set(open.mergeIndexes)
        for (i, pair) in open.pairs.enumerated() where !merges.contains(i) {
            if let k = DocumentBuilder.keyValue(pair.key) { taken.insert(k) }
        }
        var result: [YAMLPair] = []
        result.reserveCapacity(open.pairs.count)
        for (i, pair) in open.pairs.enumerated() {
            guard merges.contains(i) else {
                result.append(pair)
                continue
            }
            for source in mergeSources(pair.value) {
                guard case .mapping(let merged) = source.kind else { continue }
                for mergedPair in merged {
                    if let k = DocumentBuilder.keyValue(mergedPair.key) {
                        guard taken.insert(k).inserted else { continue }
                    }
                    result.append(mergedPair)
                }
            }
        }
        return result
    }

    /// The mappings a `<<` value names, reporting anything else.
    private mutating func mergeSources(_ value: YAMLNode) -> [YAMLNode] {
        switch value.kind {
        case .mapping:
            return [value]
        case .sequence(let items):
            var sources: [YAMLNode] = []
            for item in items {
                if case .mapping = item.kind { sources.append(item) } else { reportInvalidMerge(item) }
            }
            return sources
        case .scalar:
            reportInvalidMerge(value)
            return []
        }
    }

    private mutating func reportInvalidMerge(_ node: YAMLNode) {
        // An undefined alias was already reported; its stand-in is not a second mistake.
        if node.isAlias, let name = node.anchor, anchors[name] == nil { return }
        diagnostics.append(.error(
            YAMLDiagnosticCode.invalidMerge.code,
            "a `<<` merge key needs a mapping or a list of mappings, not \(DocumentBuilder.describe(node))",
            at: node.span,
            fix: "merge an anchored mapping (`<<: *defaults`) or a list of them (`<<: [*a, *b]`)"))
    }

    static func describe(_ node: YAMLNode) -> String {
        switch node.kind {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let text, _): text.isEmpty ? "an empty value" : "the scalar '\(text)'"
        }
    }

    // MARK: - Aliases and bounds

    private mutating func resolveAlias(_ name: String, at aliasSpan: SourceSpan) {
        if openAnchors[name, default: 0] > 0 {
            abort(.error(YAMLDiagnosticCode.recursiveAlias.code,
                         "alias '*\(name)' refers to a node that contains it",
                         at: aliasSpan, fix: "an alias can only repeat a node that is already complete"))
            return
        }
        guard let target = anchors[name] else {
            diagnostics.append(.error(
                YAMLDiagnosticCode.undefinedAlias.code,
                "undefined alias '*\(name)': no anchor '&\(name)' before it",
                at: aliasSpan,
                fix: "define `&\(name)` on an earlier node, or quote the value if `*` was not meant as an alias (a CEL expression included)"))
            // Keep going with an empty value so later problems are still found.
            complete(Built(node: YAMLNode(kind: .scalar(text: "", style: .plain), span: aliasSpan,
                                          anchor: name, isAlias: true), size: 1, height: 0))
            return
        }
        guard countAliasNodes(target.size, at: aliasSpan) else { return }
        if target.size > (largestAlias?.size ?? 0) { largestAlias = (target.size, aliasSpan) }
        guard stack.count + target.height <= limits.maxDepth else {
            abort(.error(YAMLDiagnosticCode.nestingTooDeep.code,
                         "alias '*\(name)' nests the document deeper than \(limits.maxDepth) levels",
                         at: aliasSpan, fix: "flatten the structure; rule files never need this much nesting"))
            return
        }
        var copy = target.node
        copy.span = aliasSpan
        copy.isAlias = true
        copy.anchor = name
        copy.trailingComment = nil
        complete(Built(node: copy, size: target.size, height: target.height))
    }

    /// Adds the `count` nodes an alias copies; false (and aborts) once no number of written
    /// nodes could allow them: a file holds at most one node per byte, so the bound checked at
    /// the end is at most the budget of that many nodes. A bomb thus stops after a few lines.
    private mutating func countAliasNodes(_ count: Int, at nodeSpan: SourceSpan) -> Bool {
        aliasNodes = Self.saturatingSum(aliasNodes, count)
        let ceiling = aliasBudget(writtenNodes: lines.bytes.count)
        guard aliasNodes <= ceiling else {
            abort(.error(YAMLDiagnosticCode.expansionTooLarge.code,
                         "aliases add more than \(ceiling) nodes to this document, more than a file of this size may (an alias bomb?)",
                         at: nodeSpan, fix: "write the repeated parts out, or reuse them fewer times"))
            return false
        }
        return true
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private mutating func abort(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        aborted = true
        stack.removeAll()
        anchors.removeAll()
        root = nil
    }

    // MARK: - Typing

    /// The YAML 1.2 core schema's scalar tags; `!!map` and `!!seq` are its collection tags.
    static let scalarTags: Set<String> = ["!!str", "!!int", "!!float", "!!bool", "!!null"]

    /// A tag outside the core schema (`!custom`, `!!binary`, `!!python/object`), or a core tag on
    /// the wrong kind of node, is an error at the tag; the node is still read, untagged.
    private mutating func reportNonCoreTag(_ event: LibYAMLEvent, allowed: Set<String>) {
        guard let tag = event.tag, !allowed.contains(tag) else { return }
        var end = event.start
        end.column += tag.count
        let core = Self.scalarTags.union(["!!map", "!!seq"])
        let message = core.contains(tag)
            ? "the tag '\(tag)' does not fit this node (\(allowed.sorted().joined(separator: ", ")) would)"
            : "the tag '\(tag)' is not one of the YAML 1.2 core schema (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)"
        diagnostics.append(.error(YAMLDiagnosticCode.nonCoreTag.code, message, at: span(event.start, end),
                                  fix: "remove the tag; quote the value if it is meant as text (a CEL expression starting with `!` included)"))
    }

    /// Integers that do not fit and values that contradict their explicit tag.
    private mutating func reportTypingProblems(text: String, style: ScalarStyle, tag: String?, at nodeSpan: SourceSpan) {
        switch CoreSchema.resolve(text: text, style: style, tag: tag) {
        case .value: break
        case .integerOutOfRange:
            diagnostics.append(.error(
                YAMLDiagnosticCode.integerOutOfRange.code,
                "integer out of range: '\(text)' does not fit in 64 bits",
                at: nodeSpan, fix: "use a smaller number, or quote it if it is meant as text"))
        case .invalidForTag(let tag):
            diagnostics.append(.error(
                YAMLDiagnosticCode.invalidTaggedValue.code,
                "'\(text)' is not a valid \(tag) value",
                at: nodeSpan, fix: "remove the `\(tag)` tag or write a value of that type"))
        }
    }
}
