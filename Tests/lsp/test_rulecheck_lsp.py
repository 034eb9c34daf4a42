"""`rulecheck lsp` driven by pytest-lsp, as VS Code and Neovim drive it (their recorded client
capabilities): every feature on the products' rule files, positions in UTF-16, bad input.

Run through Tests/lsp/run_lsp_tests.py (which makes the venv); RULECHECK_BINARY names the binary.
"""
import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("RULECHECK_BINARY", str(ROOT / ".build" / "release" / "rulecheck"))
ACHIEVEMENTS = ROOT / "rules" / "taskmate" / "achievements.yaml"
METRICS = ROOT / "rules" / "taskmate" / "metrics.yaml"
CHINESE = ROOT / "Tests" / "LanguageServerTests" / "Fixtures" / "chinese" / "rules.yaml"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]),
                    params=["visual_studio_code", "neovim"])
async def client(lsp_client: LanguageClient, request):
    params = types.InitializeParams(capabilities=client_capabilities(request.param),
                                    root_uri=ROOT.as_uri(),
                                    workspace_folders=[types.WorkspaceFolder(uri=ROOT.as_uri(), name="rulecheck")])
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def open_file(client: LanguageClient, path: pathlib.Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version,
                                             text=text if text is not None else path.read_text(encoding="utf-8"))))
    return uri


async def diagnostics_of(client: LanguageClient, uri: str, ready=lambda diagnostics: True):
    """The diagnostics of `uri` once the server has published ones that `ready` accepts."""
    async def published():
        while uri not in client.diagnostics or not ready(client.diagnostics[uri]):
            await client.wait_for_notification("textDocument/publishDiagnostics")
        return client.diagnostics[uri]
    return await asyncio.wait_for(published(), timeout=30)


def line_of(path: pathlib.Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()) if text in line)


def position_of(path: pathlib.Path, text: str, offset: int = 0) -> types.Position:
    line = line_of(path, text)
    written = path.read_text(encoding="utf-8").splitlines()[line]
    prefix = written[: written.index(text) + offset]
    return types.Position(line=line, character=len(prefix.encode("utf-16-le")) // 2)


async def make_typo(client: LanguageClient):
    uri = open_file(client, ACHIEVEMENTS)
    assert list(await diagnostics_of(client, uri)) == []
    start = position_of(ACHIEVEMENTS, "metrics.focus_minutes >= 600", len("metrics.focus_minute"))
    end = types.Position(line=start.line, character=start.character + 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="")]))
    return uri, await diagnostics_of(client, uri, lambda found: len(found) > 0), start


@pytest.mark.asyncio
async def test_a_typo_gets_validates_diagnostic_and_a_quick_fix(client: LanguageClient):
    uri, diagnostics, end = await make_typo(client)
    assert [d.code for d in diagnostics] == ["E302"]
    diagnostic = diagnostics[0]
    assert diagnostic.message == "unknown metric 'focus_minute'; did you mean 'focus_minutes'?"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range.start.line == end.line
    assert diagnostic.range.end.character == end.character
    assert diagnostic.range.start.character == end.character - len("focus_minute")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    assert actions and actions[0].kind == types.CodeActionKind.QuickFix
    edits = actions[0].edit.changes[uri]
    assert edits[0].new_text == "focus_minutes" and edits[0].range == diagnostic.range


@pytest.mark.asyncio
async def test_positions_after_chinese_text_are_utf16(client: LanguageClient):
    uri = open_file(client, CHINESE)
    diagnostics = await diagnostics_of(client, uri)
    expected = position_of(CHINESE, "focus_minute >")
    assert [(d.code, d.range.start) for d in diagnostics] == [("E302", expected)]


@pytest.mark.asyncio
async def test_completion_after_metrics_lists_the_metrics_with_types(client: LanguageClient):
    uri = open_file(client, ACHIEVEMENTS)
    await diagnostics_of(client, uri)
    at = position_of(ACHIEVEMENTS, "metrics.focus_minutes >= 600", len("metrics."))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at))
    items = {item.label: item for item in (result.items if hasattr(result, "items") else result)}
    assert items["focus_minutes"].detail == "int"
    assert "tasks_completed" in items


@pytest.mark.asyncio
async def test_completion_of_a_streaks_fields_and_of_ids_outside_cel(client: LanguageClient):
    text = METRICS.read_text(encoding="utf-8") + "  probe: streaks.daily_use.\n"
    uri = open_file(client, METRICS, text)
    await diagnostics_of(client, uri)
    line = len(text.splitlines()) - 1
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=len("  probe: streaks.daily_use."))))
    labels = {item.label for item in result.items}
    assert {"current", "longest", "status"} <= labels


@pytest.mark.asyncio
async def test_hover_definition_and_references_of_a_metric(client: LanguageClient):
    uri = open_file(client, ACHIEVEMENTS)
    await diagnostics_of(client, uri)
    at = position_of(ACHIEVEMENTS, "metrics.focus_minutes >= 600", len("metrics.focus"))
    document = types.TextDocumentIdentifier(uri=uri)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=at))
    assert "focus_minutes" in hover.contents.value and "int" in hover.contents.value
    definition = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=at))
    assert definition[0].uri == METRICS.as_uri()
    assert definition[0].range.start.line == line_of(METRICS, "focus_minutes:")
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=at, context=types.ReferenceContext(include_declaration=True)))
    assert len(references) >= 3
    assert {r.uri for r in references} >= {uri, METRICS.as_uri()}


@pytest.mark.asyncio
async def test_the_files_awards_are_its_symbols(client: LanguageClient):
    uri = open_file(client, ACHIEVEMENTS)
    await diagnostics_of(client, uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    names = [s.name for s in symbols]
    assert "focus_first_session" in names and "focus_10_hours" in names
    assert len(names) == ACHIEVEMENTS.read_text(encoding="utf-8").count("  - id: ")


@pytest.mark.asyncio
async def test_inlay_hints_from_the_example_state(client: LanguageClient):
    uri = open_file(client, ACHIEVEMENTS)
    await diagnostics_of(client, uri)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=10_000, character=0))))
    by_line = {hint.position.line: hint.label for hint in hints}
    assert by_line[line_of(ACHIEVEMENTS, "id: focus_first_session")].startswith("unlocked 20")
    assert any(" / " in label for label in by_line.values())


@pytest.mark.asyncio
async def test_an_unknown_method_is_an_error_and_a_broken_message_is_survived(client: LanguageClient):
    with pytest.raises(Exception) as raised:
        await client.protocol.send_request_async("rulecheck/unheardOf", {})
    assert "-32601" in repr(raised.value) or "MethodNotFound" in type(raised.value).__name__
    # Raw bytes on the server's input: a body that is not JSON, then a header without a length.
    client._server.stdin.write(b"Content-Length: 5\r\n\r\n{bad}Content-Length: x\r\n\r\n")
    uri = open_file(client, ACHIEVEMENTS)
    assert list(await diagnostics_of(client, uri)) == []
