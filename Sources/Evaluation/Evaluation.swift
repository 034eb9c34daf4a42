import Facts
// Event-time replay and decisions (SPEC 5, 6): see docs/architecture.md.

