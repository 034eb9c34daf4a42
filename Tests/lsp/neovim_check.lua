-- Neovim's own LSP client (`vim.lsp.start`, or `vim.lsp.start_client` before Neovim 0.8) on
-- `rulecheck lsp`: opens a product rule file, makes a typo in the buffer (never written to disk),
-- waits for validate's diagnostic, then asks for a completion after `metrics.`. Run headless by
-- Tests/lsp/run_lsp_tests.py:
--   RULECHECK_BINARY=… RULECHECK_ROOT=… nvim --headless --clean -c "luafile Tests/lsp/neovim_check.lua"
local binary, root = os.getenv("RULECHECK_BINARY"), os.getenv("RULECHECK_ROOT")
local file = root .. "/rules/taskmate/achievements.yaml"

io.stdout:setvbuf("no")

local function fail(message)
  io.stderr:write("neovim: FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
vim.bo[buffer].filetype = "yaml"
local config = { name = "rulecheck", cmd = { binary, "lsp" }, root_dir = root }
local client_id
if vim.lsp.start then
  client_id = vim.lsp.start(config)
else
  client_id = vim.lsp.start_client(config)
  if client_id then vim.lsp.buf_attach_client(buffer, client_id) end
end
if not client_id then fail("the client did not start") end
if not vim.wait(10000, function() return vim.lsp.get_client_by_id(client_id).initialized end, 20) then
  fail("the server did not initialize")
end

-- The typo: `metrics.focus_minutes >= 600` loses its last `s`.
local row, column
for index, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
  local found = line:find("metrics.focus_minutes >= 600", 1, true)
  if found then row, column = index - 1, found - 1 + #"metrics.focus_minute"; break end
end
if not row then fail("the line to edit was not found") end
vim.api.nvim_buf_set_text(buffer, row, column, row, column + 1, { "" })

local diagnostics = {}
local arrived = vim.wait(10000, function()
  diagnostics = vim.diagnostic.get(buffer)
  return #diagnostics > 0
end, 20)
if not arrived then fail("no diagnostic after the typo") end
local first = diagnostics[1]
if first.code ~= "E302" or first.lnum ~= row or first.end_col ~= column then
  fail(string.format("unexpected diagnostic %s at %d:%d-%d: %s", tostring(first.code), first.lnum, first.col,
                     first.end_col, first.message))
end
io.stdout:write(string.format("neovim: diagnostic %s at %d:%d: %s", first.code, first.lnum + 1, first.col + 1, first.message) .. "\n")

-- Completion right after `metrics.`.
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = { line = row, character = column - #"focus_minute" },
}
local responses = vim.lsp.buf_request_sync(buffer, "textDocument/completion", params, 10000) or {}
local labels = {}
for _, response in pairs(responses) do
  local result = response.result or {}
  for _, item in ipairs(result.items or result) do labels[item.label] = item.detail end
end
if labels["focus_minutes"] ~= "int" then fail("completion after metrics. lacks focus_minutes: int") end
io.stdout:write("neovim: completion after metrics. offers focus_minutes (int)\n")

vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
vim.cmd("qall!")
