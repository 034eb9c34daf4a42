#!/usr/bin/env python3
"""`rulecheck lsp` with real clients.

Usage: python3 Tests/lsp/run_lsp_tests.py RULECHECK_BINARY

1. pytest-lsp (from PyPI, in the venv .build/lsp-venv, made here when missing) drives the server
   through every feature with VS Code's and Neovim's recorded client capabilities
   (Tests/lsp/test_rulecheck_lsp.py).
2. Neovim itself (Debian's `neovim`, installed with apt when missing), headless, with its built-in
   LSP client opens a product rule file, gets the diagnostic of a typo and a completion
   (Tests/lsp/neovim_check.lua).
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, ".build", "lsp-venv")
PYTHON = os.path.join(VENV, "bin", "python")


def ensure_pytest_lsp():
    if os.path.exists(PYTHON) and subprocess.run([PYTHON, "-c", "import pytest_lsp"], capture_output=True).returncode == 0:
        return
    print("lsp: making .build/lsp-venv with pytest-lsp from PyPI")
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "--quiet", "pytest-lsp"], check=True)


def ensure_neovim():
    found = shutil.which("nvim")
    if found:
        return found
    print("lsp: installing Debian's neovim")
    for prefix in ([], ["sudo", "-n"]):
        subprocess.run(prefix + ["apt-get", "update", "-qq"], check=False)
        subprocess.run(prefix + ["apt-get", "install", "-y", "-qq", "neovim"], check=False,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        found = shutil.which("nvim")
        if found:
            return found
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: run_lsp_tests.py RULECHECK_BINARY")
    binary = os.path.abspath(sys.argv[1])
    ensure_pytest_lsp()
    environment = dict(os.environ, RULECHECK_BINARY=binary, RULECHECK_ROOT=ROOT)
    tests = subprocess.run([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "-o", "asyncio_default_fixture_loop_scope=function",
                            os.path.join(ROOT, "Tests", "lsp", "test_rulecheck_lsp.py")], env=environment, cwd=ROOT)
    nvim = ensure_neovim()
    if nvim is None:
        sys.exit("lsp: FAIL: neovim is not installed and apt-get could not install it")
    script = os.path.join(ROOT, "Tests", "lsp", "neovim_check.lua")
    try:
        neovim = subprocess.run([nvim, "--headless", "--clean", "-c", "luafile " + script], env=environment, cwd=ROOT,
                                timeout=120)
        neovim_status = neovim.returncode
    except subprocess.TimeoutExpired:
        print("lsp: FAIL: neovim did not finish in 120 s")
        neovim_status = 1
    if tests.returncode != 0 or neovim_status != 0:
        sys.exit(1)
    print("lsp: pytest-lsp and neovim passed")


if __name__ == "__main__":
    main()
