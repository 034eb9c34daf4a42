#!/usr/bin/env python3
"""The house's size limits on Swift code: no file over 500 lines, no function over 60.

A function is counted from the line of its `func`, `init` or `subscript` keyword to the line of
its body's closing brace, matching braces outside string literals and comments. Usage:

    python3 scripts/check-sizes.py [ROOT ...]     (default: Sources Tests)

Exit status 1 lists every file or function over its limit.
"""
import os
import re
import sys

MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 60

# Files another piece of work is splitting; each entry names one file and goes when it is split.
EXEMPT = {
}

DECLARATION = re.compile(r"(?<![\w.])(func\s+[^\s(<]+|init[?!]?\s*[(<]|subscript\s*[(<])")
# What may begin a signature's continuation line (return type, effects, constraints).
CONTINUATION = re.compile(r"\s*(->|throws|rethrows|async|where|\{|,|&|:|\)|>)")


def code_mask(text):
    """The text with the contents of string literals and comments blanked, newlines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            j = skip_string(text, i)
            out.append(blank(text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def blank(piece):
    return "".join("\n" if ch == "\n" else " " for ch in piece)


def skip_string(text, i):
    """The index after the string literal starting at `i` (raw, multi-line or plain)."""
    hashes = 0
    while text[i + hashes] == "#":
        hashes += 1
    start = i + hashes
    multi = text.startswith('"""', start)
    quote = '"""' if multi else '"'
    closing = quote + "#" * hashes
    j = start + len(quote)
    n = len(text)
    while j < n:
        if text[j] == "\\" and hashes == 0:
            j += 2
            continue
        if text.startswith(closing, j):
            return j + len(closing)
        if text[j] == "\n" and not multi:
            return j
        j += 1
    return n


def function_lengths(mask):
    """(line, name, lines) of every function, initializer and subscript with a body."""
    line_starts = [0] + [m.end() for m in re.finditer("\n", mask)]

    def line_of(offset):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    for match in DECLARATION.finditer(mask):
        body = body_start(mask, match.end())
        if body is None:
            continue
        end = closing_brace(mask, body)
        if end is None:
            continue
        first, last = line_of(match.start()), line_of(end)
        yield first, match.group(1).split("(")[0].strip(), last - first + 1


def body_start(mask, i):
    """The offset of the body's `{` after a declaration's name, or None for a requirement."""
    depth, n = 0, len(mask)
    while i < n:
        c = mask[i]
        if c in "([<":
            depth += 1
        elif c in ")]>":
            if not (c == ">" and i > 0 and mask[i - 1] == "-"):
                depth -= 1
        elif c == "{" and depth <= 0:
            return i
        elif c == "\n" and depth <= 0:
            rest = mask[i + 1:mask.find("\n", i + 1) if mask.find("\n", i + 1) >= 0 else n]
            if rest.strip() and not CONTINUATION.match(rest):
                return None
        elif c == "}" and depth <= 0:
            return None
        i += 1
    return None


def closing_brace(mask, i):
    depth = 0
    for j in range(i, len(mask)):
        if mask[j] == "{":
            depth += 1
        elif mask[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return None


def swift_files(roots):
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


def main(argv):
    roots = argv[1:] or ["Sources", "Tests"]
    problems = []
    for path in sorted(swift_files(roots)):
        if os.path.normpath(path) in EXEMPT:
            continue
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if lines > MAX_FILE_LINES:
            problems.append(f"{path}: {lines} lines (at most {MAX_FILE_LINES})")
        for line, name, length in function_lengths(code_mask(text)):
            if length > MAX_FUNCTION_LINES:
                problems.append(f"{path}:{line}: {name} has {length} lines (at most {MAX_FUNCTION_LINES})")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
