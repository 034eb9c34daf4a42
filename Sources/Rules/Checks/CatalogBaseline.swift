import Diagnostics

/// `validate --baseline`: what a new catalog must keep from the one already shipped (docs/rules.md, "catalog").
enum CatalogBaseline {
    static func compare(new: [CatalogDraft], old: [CatalogDraft]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for previous in old {
            guard let current = new.first(where: { $0.id.value == previous.id.value }) else {
                diagnostics.append(.error(
                    RuleCode.baselineCatalogRemoved,
                    "catalog '\(previous.id.value)' of the baseline was removed; its released levels must stay",
                    at: previous.id.span, fix: "restore the catalog"))
                continue
            }
            if current.version.value < previous.version.value {
                diagnostics.append(.error(
                    RuleCode.baselineVersionDown,
                    "catalog '\(current.id.value)' version went down from \(previous.version.value) to \(current.version.value)",
                    at: current.version.span, notes: [DiagnosticNote("the baseline version is here", at: previous.version.span)],
                    fix: "a catalog version only goes up; use \(previous.version.value) or more"))
            }
            for level in previous.levels where level.release.value <= previous.version.value {
                guard let now = current.levels.first(where: { $0.id.value == level.id.value }) else {
                    diagnostics.append(.error(
                        RuleCode.baselineLevelRemoved,
                        "released level '\(level.id.value)' was removed from catalog '\(current.id.value)'",
                        at: current.id.span, notes: [DiagnosticNote("the baseline has it here", at: level.id.span)],
                        fix: "keep released levels; set 'counts: false' to stop counting one"))
                    continue
                }
                if now.module.value != level.module.value {
                    diagnostics.append(.error(
                        RuleCode.baselineLevelMoved,
                        "released level '\(level.id.value)' moved from module '\(level.module.value)' to '\(now.module.value)'",
                        at: now.module.span, notes: [DiagnosticNote("the baseline module is here", at: level.module.span)],
                        fix: "a released level stays in its module"))
                }
                if now.release.value != level.release.value {
                    diagnostics.append(.error(
                        RuleCode.baselineReleaseChanged,
                        "release of level '\(level.id.value)' changed from \(level.release.value) to \(now.release.value) after it was released",
                        at: now.release.span, notes: [DiagnosticNote("the baseline release is here", at: level.release.span)],
                        fix: "write release: \(level.release.value)"))
                }
            }
        }
        return diagnostics
    }
}
