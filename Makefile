# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
RELEASE_BIN = .build/release/rulecheck
# Release programs link the Swift runtime and Foundation statically on Linux, so the tarball of
# `make dist` runs on a machine without Swift. Nothing else differs from `swift build -c release`
# (docs/building.md lists the opt-in settings).
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
SHARED ?= ../shared

.PHONY: demo test build release bench deps fuzz fuzz-build example spark-example manual release-dist stage dist install dist-check

deps:
	@pkg-config --exists yaml-0.1 || { echo "installing libyaml-dev"; \
	  (apt-get update -qq && apt-get install -y -qq libyaml-dev pkg-config) >/dev/null || \
	  (sudo apt-get update -qq && sudo apt-get install -y -qq libyaml-dev pkg-config) >/dev/null; }
	@[ -d /usr/share/zoneinfo/America ] || { echo "installing tzdata"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tzdata) >/dev/null || true; }
	@python3 -c "import jsonschema, yaml" 2>/dev/null || { echo "installing jsonschema, pyyaml"; \
	  python3 -m pip install --quiet jsonschema pyyaml; }

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product rulecheck

demo: release
	$(RELEASE_BIN) eval rules/taskmate --state examples/taskmate/showcase.json

test: deps
	# No Swift file over 500 lines, no function over 60 (docs/testing.md).
	python3 scripts/check-sizes.py
	$(SWIFT) build
	$(SWIFT) test
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product rulecheck
	# The README's CI commands, exactly (the workspace rulecheck.yaml names the rule sets).
	$(RELEASE_BIN) validate
	$(RELEASE_BIN) validate --format github
	$(RELEASE_BIN) validate --format sarif > rulecheck.sarif
	$(RELEASE_BIN) test --coverage --coverage-min 90
	$(RELEASE_BIN) test examples/puzzle/coming_soon
	python3 Tests/schema/validate_rule_files.py $(RELEASE_BIN)
	python3 Tests/schema/validate_state_files.py $(RELEASE_BIN)
	# The pages of eval/explain --format html in headless Chromium (installed with apt when missing).
	python3 Tests/pages/check_pages.py $(RELEASE_BIN)
	# `rulecheck lsp` with real clients: pytest-lsp (venv .build/lsp-venv) and headless Neovim.
	python3 Tests/lsp/run_lsp_tests.py $(RELEASE_BIN)
	$(MAKE) --no-print-directory example
	$(MAKE) --no-print-directory dist-check
	sh Tests/precommit/check_pre_commit.sh $(RELEASE_BIN)
	@if [ -f $(SHARED)/acceptance/run.py ]; then python3 $(SHARED)/acceptance/run.py $(RELEASE_BIN); \
	  else echo "acceptance: $(SHARED)/acceptance not found, skipped"; fi
	@if [ -f $(SHARED)/acceptance-1.1/run.py ]; then python3 $(SHARED)/acceptance-1.1/run.py $(RELEASE_BIN); \
	  else echo "acceptance-1.1: $(SHARED)/acceptance-1.1 not found, skipped"; fi
	@if [ -f $(SHARED)/acceptance-1.2/run.py ]; then python3 $(SHARED)/acceptance-1.2/run.py $(RELEASE_BIN); \
	  else echo "acceptance-1.2: $(SHARED)/acceptance-1.2 not found, skipped"; fi
	@if [ -f $(SHARED)/acceptance-1.3/run.py ]; then python3 $(SHARED)/acceptance-1.3/run.py $(RELEASE_BIN); \
	  else echo "acceptance-1.3: $(SHARED)/acceptance-1.3 not found, skipped"; fi

# The example app package (examples/swift-app): the embedded engine on compiled rules.
example: release
	@mkdir -p .build
	$(RELEASE_BIN) compile --ruleset taskmate -o .build/taskmate-rules.json
	$(RELEASE_BIN) compile --ruleset skinlab -o .build/skinlab-rules.json
	$(SWIFT) run --package-path examples/swift-app AchievementsDemo .build/taskmate-rules.json .build/skinlab-rules.json

bench: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product rulecheck
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product rulecheck-bench
	.build/release/rulecheck-bench cel
	.build/release/rulecheck-bench validate
	.build/release/rulecheck-bench replay
	.build/release/rulecheck-bench products
	.build/release/rulecheck-bench session
	.build/release/rulecheck-bench diff
	.build/release/rulecheck-bench lsp

# Instruction and allocation counts of fixed workloads under valgrind, against bench/thresholds.json
# (docs/testing.md): fails on a figure more than 10% over its stored value. `make bench-update`
# stores the measured figures instead (commit bench/thresholds.json with the change).
.PHONY: bench-check bench-update valgrind
valgrind:
	@command -v valgrind >/dev/null || { echo "installing valgrind"; \
	  (apt-get update -qq && apt-get install -y -qq valgrind) >/dev/null || \
	  (sudo apt-get update -qq && sudo apt-get install -y -qq valgrind) >/dev/null; }

bench-check: release valgrind
	python3 bench/check.py --rulecheck $(RELEASE_BIN)

bench-update: release valgrind
	python3 bench/check.py --rulecheck $(RELEASE_BIN) --update

# Backfill on Spark (examples/spark/README.md), outside `make test`: PySpark from pip and a
# Java runtime (apt) when missing, Spark local[2], decisions compared with `eval --batch`.
spark-example: release
	@python3 -c "import pyspark" 2>/dev/null || { echo "installing pyspark"; python3 -m pip install --quiet pyspark; }
	@command -v java >/dev/null || { echo "installing a Java runtime"; \
	  (apt-get update -qq && apt-get install -y -qq default-jre-headless) >/dev/null || \
	  (sudo apt-get update -qq && sudo apt-get install -y -qq default-jre-headless) >/dev/null; }
	python3 examples/spark/example.py --rulecheck $(RELEASE_BIN)

# Fuzzing (docs/fuzzing.md), outside `make test`: libFuzzer builds in their own scratch path.
# `make fuzz SECONDS=600` runs each target for SECONDS; `FUZZ_TARGETS=yaml` picks targets.
# Findings (crashes, timeouts, out-of-memory) land in .build-fuzz/findings/. Linked with lld:
# gold fails with an internal error on the fuzzer-instrumented objects.
SECONDS ?= 60
FUZZ_TARGETS ?= yaml rules cel cel-eval state eval lsp
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_BIN = $(FUZZ_SCRATCH)/release/rulecheck-fuzz
# Fork mode with ignore_*: a campaign runs its whole time and collects every finding.
FUZZ_OPTIONS ?= -timeout=10 -rss_limit_mb=2048 -max_len=65536 -fork=1 -ignore_timeouts=1 -ignore_ooms=1 -ignore_crashes=1

fuzz-build: deps
	$(SWIFT) build -c release --product rulecheck-fuzz --scratch-path $(FUZZ_SCRATCH) \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz: fuzz-build
	python3 scripts/fuzz-corpus.py $(FUZZ_SCRATCH)/corpus
	@mkdir -p $(FUZZ_SCRATCH)/findings
	@status=0; for target in $(FUZZ_TARGETS); do \
	  echo "== $$target: $(SECONDS) s"; \
	  $(FUZZ_BIN) $$target $(FUZZ_SCRATCH)/corpus/$$target -max_total_time=$(SECONDS) $(FUZZ_OPTIONS) \
	    -artifact_prefix=$(FUZZ_SCRATCH)/findings/$$target- > $(FUZZ_SCRATCH)/$$target.log 2>&1; rc=$$?; \
	  grep -E '^#[0-9]+: cov' $(FUZZ_SCRATCH)/$$target.log | tail -1; \
	  grep -hE '^(==[0-9]+== ERROR|SUMMARY|artifact_prefix|Test unit written|INFO: exiting)' $(FUZZ_SCRATCH)/$$target.log | sort | uniq -c; \
	  [ $$rc = 0 ] || { echo "== $$target: finding (exit $$rc), see $(FUZZ_SCRATCH)/$$target.log"; status=1; }; \
	done; \
	echo "findings:"; ls $(FUZZ_SCRATCH)/findings; \
	if [ -n "$$(ls $(FUZZ_SCRATCH)/findings)" ]; then status=1; fi; exit $$status

# Releases (README, "Install"): `make dist` packs dist/rulecheck-VERSION-linux-ARCH.tar.gz and
# dist/SHA256SUMS; `make install PREFIX=...` installs the same files. VERSION is what the built
# binary reports (Sources/Diagnostics/RulecheckVersion.swift). The man page comes from the command
# definitions through swift-argument-parser's generate-manual plugin, dated by the last commit.
PREFIX ?= /usr/local
DIST ?= dist
STAGE = .build/stage
MANUAL = .build/plugins/GenerateManual/outputs/rulecheck/rulecheck.1

manual: deps
	$(SWIFT) package generate-manual --configuration debug \
	  --date $$(git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)

# The tarball's binary also links libyaml statically where its archive is installed, so it needs
# no libyaml on the machine: pkg-config reads a copy of yaml-0.1.pc whose libdir holds only
# libyaml.a. Without libyaml.a the system's yaml-0.1.pc (the shared library) is used.
STATIC_YAML = .build/static-yaml

release-dist: deps
	@libdir=$$(pkg-config --variable=libdir yaml-0.1); rm -rf $(STATIC_YAML); \
	  if [ -f "$$libdir/libyaml.a" ]; then mkdir -p $(STATIC_YAML) && ln -s "$$libdir/libyaml.a" $(STATIC_YAML)/libyaml.a && \
	    sed "s|^libdir=.*|libdir=$(CURDIR)/$(STATIC_YAML)|" "$$(pkg-config --variable=pcfiledir yaml-0.1)/yaml-0.1.pc" \
	      > $(STATIC_YAML)/yaml-0.1.pc; fi
	PKG_CONFIG_PATH=$(CURDIR)/$(STATIC_YAML)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH} \
	  $(SWIFT) build -c release $(RELEASE_FLAGS) --product rulecheck

stage: release-dist manual
	@rm -rf $(STAGE) && mkdir -p $(STAGE)
	sh scripts/stage-release.sh $(RELEASE_BIN) $(MANUAL) $(STAGE)

dist: stage
	@mkdir -p $(DIST)
	@name=$$(basename $(STAGE)/rulecheck-*); rm -f $(DIST)/$$name.tar.gz; \
	  tar -C $(STAGE) --owner=0 --group=0 --numeric-owner --sort=name -czf $(DIST)/$$name.tar.gz $$name; \
	  cd $(DIST) && sha256sum rulecheck-*.tar.gz > SHA256SUMS && cat SHA256SUMS

install: stage
	sh $(STAGE)/rulecheck-*/install.sh $(PREFIX)

# The tarball on a machine without Swift, its man page and completions, and `make install`; the
# GitHub Action's steps run locally, installing that tarball.
dist-check: dist
	sh Tests/dist/check_dist.sh $(DIST)
	python3 Tests/action/run_action_steps.py $(DIST)
