import Rules
// State files and facts (SPEC 3, 4): see docs/architecture.md.

