import Evaluation
// Renderers for diagnostics and decisions: see docs/architecture.md.

