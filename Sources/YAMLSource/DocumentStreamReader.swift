import CYAML
import Diagnostics

/// Drives libyaml's event parser over one file's bytes and enforces the stream-level rules:
/// exactly one document, and syntax errors reported with libyaml's text and position.
struct DocumentStreamReader {
    let file: String
    let lines: SourceLines

    func read() -> YAMLLoadResult {
        var builder = DocumentBuilder(file: file, lines: lines)
        var diagnostics: [Diagnostic] = []
        var documents = 0
        var finished = false

        guard !lines.bytes.isEmpty else { return YAMLLoadResult(document: nil, diagnostics: [emptyFile()]) }

        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            return YAMLLoadResult(document: nil, diagnostics: [.error(
                YAMLDiagnosticCode.syntaxError.code, "libyaml could not start (out of memory)", at: .file(file))])
        }
        defer { yaml_parser_delete(parser) }

        let shield = YAML11BreakShield(bytes: lines.bytes)
        shield.input.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // No explicit encoding: libyaml then skips a UTF-8 BOM without counting it in its marks.
            // (UTF-16 cannot get here: it is not valid UTF-8.)
            yaml_parser_set_input_string(parser, base, buffer.count)
            var event = yaml_event_t()
            while !finished {
                guard yaml_parser_parse(parser, &event) != 0 else {
                    diagnostics.append(syntaxError(parser.pointee))
                    finished = true
                    return
                }
                let copied = shield.restore(LibYAMLEvent(event))
                yaml_event_delete(&event)
                switch copied.kind {
                case .documentStart:
                    documents += 1
                    if documents > 1 {
                        diagnostics.append(secondDocument(at: builder.span(copied.start, copied.end)))
                        finished = true
                    }
                case .documentEnd:
                    builder.finishDocument()
                case .streamEnd:
                    finished = true
                default:
                    builder.handle(copied)
                    // A bound was hit: the rest of the file cannot change the verdict.
                    if builder.aborted { finished = true }
                }
            }
        }

        diagnostics.insert(contentsOf: builder.diagnostics, at: 0)
        if documents == 0 && diagnostics.isEmpty { diagnostics.append(emptyFile()) }
        let failed = diagnostics.contains { $0.code == YAMLDiagnosticCode.syntaxError.code || $0.code == YAMLDiagnosticCode.multipleDocuments.code }
        guard !failed, !builder.aborted, let root = builder.root else {
            return YAMLLoadResult(document: nil, diagnostics: diagnostics,
                                  unreadText: String(decoding: lines.bytes, as: UTF8.self))
        }
        return YAMLLoadResult(document: YAMLDocument(file: file, root: root, lines: lines), diagnostics: diagnostics)
    }

    private func secondDocument(at span: SourceSpan) -> Diagnostic {
        .error(YAMLDiagnosticCode.multipleDocuments.code,
               "a second YAML document starts here; a rule file holds exactly one", at: span,
               fix: "move the second document into its own file, or remove the `---` line")
    }

    private func emptyFile() -> Diagnostic {
        .error(YAMLDiagnosticCode.emptyFile.code, "empty file: expected a mapping with `schema: 1`",
               at: .file(file), fix: "start the file with `schema: 1`")
    }

    /// How many lines above a syntax error are read to find the levels its key could belong to.
    static let linesAboveForSlip = 400

    private func syntaxError(_ parser: yaml_parser_t) -> Diagnostic {
        let offset: Int
        if parser.error == YAML_READER_ERROR {
            offset = Int(parser.problem_offset)
        } else {
            offset = lines.offset(line: Int(parser.problem_mark.line), column: Int(parser.problem_mark.column))
        }
        var problem = SyntaxProblem(
            problem: parser.problem.map { String(cString: $0) } ?? "unknown problem",
            context: parser.context.map { String(cString: $0) },
            character: offset < lines.bytes.count ? lines.bytes[offset] : nil,
            line: nil)
        let at: SourcePosition
        if parser.error == YAML_READER_ERROR {
            at = lines.position(ofOffset: offset)
        } else {
            at = lines.position(line: Int(parser.problem_mark.line), column: Int(parser.problem_mark.column))
            problem.line = lines.line(at.line)
            problem.column = at.column
            if let line = problem.line {
                let above = (max(1, at.line - Self.linesAboveForSlip)..<at.line).map { lines.line($0) }
                problem.slip = IndentationSlip(line: line, number: at.line, above: above)
            }
        }
        var notes: [DiagnosticNote] = []
        if let context = problem.context, parser.error != YAML_READER_ERROR,
           parser.context_mark.line != parser.problem_mark.line || parser.context_mark.column != parser.problem_mark.column {
            let contextAt = lines.position(line: Int(parser.context_mark.line), column: Int(parser.context_mark.column))
            let what = context.hasPrefix("while ") ? String(context.dropFirst(6)) : context
            notes.append(DiagnosticNote("\(what) that started here",
                                        at: SourceSpan(file: file, start: contextAt, end: contextAt)))
        }
        return .error(YAMLDiagnosticCode.syntaxError.code, problem.message,
                      at: SourceSpan(file: file, start: at, end: at), notes: notes, fix: problem.fix)
    }
}
