# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
RELEASE_BIN = .build/release/rulecheck
SHARED ?= ../shared

.PHONY: demo test build release bench deps

deps:
	@pkg-config --exists yaml-0.1 || { echo "installing libyaml-dev"; \
	  (apt-get update -qq && apt-get install -y -qq libyaml-dev pkg-config) >/dev/null || \
	  (sudo apt-get update -qq && sudo apt-get install -y -qq libyaml-dev pkg-config) >/dev/null; }
	@[ -d /usr/share/zoneinfo/America ] || { echo "installing tzdata"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tzdata) >/dev/null || true; }

release: deps
	$(SWIFT) build -c release --product rulecheck

demo: release
	$(RELEASE_BIN) eval rules/taskmate --state examples/taskmate/showcase.json

test: deps
	$(SWIFT) build
	$(SWIFT) test
	$(SWIFT) build -c release --product rulecheck
	# The README's CI commands, exactly (the workspace rulecheck.yaml names the rule sets).
	$(RELEASE_BIN) validate
	$(RELEASE_BIN) validate --format github
	$(RELEASE_BIN) validate --format sarif > rulecheck.sarif
	$(RELEASE_BIN) test
	$(RELEASE_BIN) test examples/puzzle/coming_soon
	@if [ -f $(SHARED)/acceptance/run.py ]; then python3 $(SHARED)/acceptance/run.py $(RELEASE_BIN); \
	  else echo "acceptance: $(SHARED)/acceptance not found, skipped"; fi

bench: deps
	$(SWIFT) build -c release --product rulecheck
	$(SWIFT) build -c release --product rulecheck-bench
	.build/release/rulecheck-bench cel
	.build/release/rulecheck-bench validate
	.build/release/rulecheck-bench replay
	.build/release/rulecheck-bench products
